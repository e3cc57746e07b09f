import FluentKit
import Foundation
import PatioCore
import PatioData

/// What an admin (or `patio user create`) supplies to open an account.
public struct NewAccount: Codable, Sendable {
    public var email: String
    public var name: String
    public var locale: String?
    public var password: String
    public var roles: [String]?

    public init(email: String, name: String, locale: String? = nil, password: String, roles: [String]? = nil) {
        self.email = email
        self.name = name
        self.locale = locale
        self.password = password
        self.roles = roles
    }
}

/// Accounts and their roles: creation, lookup, search, activation, passwords and grants.
public struct AccountService: Sendable {
    let database: PatioDatabase
    let hasher: PasswordHasher
    let clock: PatioClock
    /// Every role the enabled modules define, plus `admin`.
    public let knownRoles: Set<String>

    /// Cached principals, forgotten when an account, its roles or its sessions change.
    let sessionCache: SessionCache

    public init(database: PatioDatabase, hasher: PasswordHasher, clock: PatioClock, knownRoles: Set<String>, sessionCache: SessionCache = .disabled) {
        self.sessionCache = sessionCache
        self.database = database
        self.hasher = hasher
        self.clock = clock
        self.knownRoles = knownRoles.union([Role.platformAdmin])
    }

    /// Every problem with `input`, without touching the database (lets callers merge them with their own).
    public func validationErrors(for input: NewAccount) -> [FieldError] {
        let email = EmailAddress.normalise(input.email)
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        var validator = Validator()
        validator.check(EmailAddress.isValid(email), "email", "Enter a valid email address.", code: "email_format")
        validator.check(!name.isEmpty && name.count <= 120, "name", "Enter a name of 1 to 120 characters.", code: "name_length")
        if let problem = PasswordPolicy.problem(with: input.password) { validator.add("password", problem.message, code: problem.code) }
        if let locale = input.locale { validator.check(PatioLocale(rawValue: locale) != nil, "locale", "Use es or en.", code: "locale_choice") }
        for role in Set(input.roles ?? []) where !knownRoles.contains(role) { validator.add("roles", "Unknown role \(role).", code: "unknown_role") }
        return validator.errors
    }

    /// An account that passed validation and whose password is already hashed, ready to be inserted inside
    /// the write (hashing is slow and must not hold the writer).
    private struct PreparedAccount: Sendable {
        let id: UUID
        let email: String
        let name: String
        let locale: String
        let passwordHash: String
        let roles: [String]
    }

    private func prepare(_ input: NewAccount) async throws -> PreparedAccount {
        try Validator(errors: validationErrors(for: input)).validate()
        let email = EmailAddress.normalise(input.email)
        if try await AccountModel.query(on: database.reader).filter(\.$email == email).first() != nil {
            throw Self.emailTaken
        }
        return PreparedAccount(
            id: UUID(), email: email, name: input.name.trimmingCharacters(in: .whitespacesAndNewlines),
            locale: input.locale ?? PatioLocale.default.rawValue, passwordHash: try await hasher.hash(input.password),
            roles: Array(Set(input.roles ?? [])).sorted()
        )
    }

    /// Inserts a prepared account and its roles on `db` (part of the write).
    private func insert(_ prepared: PreparedAccount, on db: any Database) async throws -> AccountView {
        let now = clock.now()
        let account = AccountModel(
            id: prepared.id, email: prepared.email, name: prepared.name, locale: prepared.locale, passwordHash: prepared.passwordHash, createdAt: now)
        do {
            try await account.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.emailTaken
        }
        for role in prepared.roles { try await RoleGrantModel(accountID: prepared.id, role: role, grantedAt: now).create(on: db) }
        return AccountView(account, roles: prepared.roles)
    }

    static let emailTaken = AppError.conflict(code: "email_taken", "An account with this email already exists.")
    static let accountNotFound = AppError.notFound(code: "account_not_found", "No account has this id.")

    public func create(_ input: NewAccount) async throws -> AccountView {
        try await create(input) { account, _ in account }
    }

    /// Creates an account together with what a module keeps about it, in one write: the account's row and
    /// roles, then `alongside` (the module's profile row, a wallet…) with the new account — both or neither.
    /// A taken email is `email_taken`; any other constraint the module's rows break reaches the caller as
    /// the database reported it, for the module to name.
    public func create<T: Sendable>(
        _ input: NewAccount, alongside: @escaping @Sendable (_ account: AccountView, _ db: any Database) async throws -> T
    ) async throws -> T {
        let prepared = try await prepare(input)
        return try await database.write { db in
            let account = try await insert(prepared, on: db)
            return try await alongside(account, db)
        }
    }

    public func find(id: UUID) async throws -> AccountView {
        guard let account = try await AccountRows.view(id: id, on: database.reader) else {
            throw Self.accountNotFound
        }
        return account
    }

    public func find(email: String) async throws -> AccountView? {
        let normalised = EmailAddress.normalise(email)
        guard let account = try await AccountModel.query(on: database.reader).filter(\.$email == normalised).with(\.$grants).first() else {
            return nil
        }
        return AccountView(account, roles: account.grants.map(\.role))
    }

    /// Accounts ordered by email; `query` matches name or email ignoring case and accents.
    public func list(query: String?, page: CursorPageRequest) async throws -> CursorPage<AccountView> {
        var builder = AccountModel.query(on: try database.reader).with(\.$grants).sort(\.$email).limit(page.limit + 1)
        if let after = page.after { builder = builder.filter(\.$email > after) }
        if let query, !query.trimmingCharacters(in: .whitespaces).isEmpty {
            let folded = SearchText.fold(query.trimmingCharacters(in: .whitespaces))
            builder = builder.filter(\.$searchText ~~ escapeLike(folded))
        }
        let rows = try await builder.all()
        let items = rows.prefix(page.limit).map { AccountView($0, roles: $0.grants.map(\.role)) }
        let next = rows.count > page.limit ? items.last.map { CursorPageRequest.cursor(for: $0.email) } : nil
        return CursorPage(items: Array(items), nextCursor: next)
    }

    private func escapeLike(_ text: String) -> String {
        // `%` and `_` typed by a person are searched literally by dropping them; accounts never need them.
        text.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
    }

    public func setActive(_ active: Bool, id: UUID, actor: UUID?) async throws -> AccountView {
        if !active, id == actor {
            throw AppError.conflict(code: "cannot_deactivate_self", "You cannot deactivate your own account.")
        }
        let now = clock.now()
        try await database.write { db in
            guard let account = try await AccountModel.find(id, on: db) else {
                throw Self.accountNotFound
            }
            account.isActive = active
            try await account.save(on: db)
            await sessionCache.forgetAfterCommit(account: id, on: database)
            if !active {
                try await SessionModel.query(on: db).filter(\.$account.$id == id).filter(\.$revokedAt == nil).set(\.$revokedAt, to: now).update()
            }
        }
        return try await find(id: id)
    }

    /// Changes name and/or language with a single UPDATE, so the writer spends one statement on it.
    public func update(id: UUID, name: String?, locale: String?, email: String? = nil) async throws -> AccountView {
        var validator = Validator()
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines)
        let newEmail = email.map(EmailAddress.normalise)
        if let newEmail { validator.check(EmailAddress.isValid(newEmail), "email", "Enter a valid email address.", code: "email_format") }
        if let trimmed {
            validator.check(!trimmed.isEmpty && trimmed.count <= 120, "name", "Enter a name of 1 to 120 characters.", code: "name_length")
        }
        if let locale { validator.check(PatioLocale(rawValue: locale) != nil, "locale", "Use es or en.", code: "locale_choice") }
        try validator.validate()
        let change = AccountRows.Change(name: trimmed, email: newEmail, locale: locale)
        // The write returns the account as it left it: this instance's cached sessions take it in place, so the
        // next request reads nothing; other instances are told to forget.
        let cached = sessionCache.beginChange(of: id)
        let changed: AccountRows.Changed?
        do {
            changed = try await AccountRows.apply(change, to: id, on: database) { [sessionCache] in
                await sessionCache.forgetElsewhere(account: id)
            }
        } catch {
            sessionCache.endChange(cached, as: nil)
            if let error = error as? any DatabaseError, error.isConstraintFailure { throw Self.emailTaken }
            throw error
        }
        sessionCache.endChange(cached, as: changed)
        guard let changed else { throw Self.accountNotFound }
        return changed.view
    }

    /// Sets a new password and revokes sessions, keeping `keepSession` (the caller's own) when given.
    public func setPassword(id: UUID, newPassword: String, keepSession: UUID?) async throws {
        if let problem = PasswordPolicy.problem(with: newPassword) {
            throw AppError.validation(field: "newPassword", problem.message, code: problem.code)
        }
        let hash = try await hasher.hash(newPassword)
        let now = clock.now()
        try await database.write { db in
            guard let account = try await AccountModel.find(id, on: db) else {
                throw Self.accountNotFound
            }
            account.passwordHash = hash
            try await account.save(on: db)
            await sessionCache.forgetAfterCommit(account: id, on: database)
            var sessions = SessionModel.query(on: db).filter(\.$account.$id == id).filter(\.$revokedAt == nil)
            if let keepSession { sessions = sessions.filter(\.$id != keepSession) }
            try await sessions.set(\.$revokedAt, to: now).update()
        }
    }

    /// Changes the caller's own password after checking the current one.
    public func changeOwnPassword(id: UUID, current: String, new: String, session: UUID) async throws {
        guard let account = try await AccountModel.find(id, on: database.reader) else {
            throw Self.accountNotFound
        }
        guard try await hasher.verify(current, account.passwordHash) else {
            throw AppError(
                .forbidden, code: "wrong_password", detail: "The current password is not correct.",
                fieldErrors: [FieldError(field: "currentPassword", message: "The current password is not correct.", code: "current_password_wrong")])
        }
        try await setPassword(id: id, newPassword: new, keepSession: session)
    }

    public func grant(role: String, to id: UUID) async throws -> AccountView {
        guard knownRoles.contains(role) else {
            throw AppError(.unprocessableContent, code: "unknown_role", detail: "There is no role \(role).")
        }
        let now = clock.now()
        try await database.write { db in
            guard try await AccountModel.find(id, on: db) != nil else {
                throw Self.accountNotFound
            }
            let existing = try await RoleGrantModel.query(on: db).filter(\.$account.$id == id).filter(\.$role == role).first()
            if existing == nil { try await RoleGrantModel(accountID: id, role: role, grantedAt: now).create(on: db) }
            await sessionCache.forgetAfterCommit(account: id, on: database)
        }
        return try await find(id: id)
    }

    public func revoke(role: String, from id: UUID, actor: UUID?) async throws -> AccountView {
        if role == Role.platformAdmin, id == actor {
            throw AppError.conflict(code: "cannot_revoke_own_admin", "You cannot remove your own admin role.")
        }
        try await database.write { db in
            guard try await AccountModel.find(id, on: db) != nil else {
                throw Self.accountNotFound
            }
            try await RoleGrantModel.query(on: db).filter(\.$account.$id == id).filter(\.$role == role).delete()
            await sessionCache.forgetAfterCommit(account: id, on: database)
        }
        return try await find(id: id)
    }
}
