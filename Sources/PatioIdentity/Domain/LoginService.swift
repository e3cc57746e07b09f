import FluentKit
import HummingbirdBcrypt
import Foundation
import PatioCore
import PatioData

/// A successful sign-in: the token to present from now on, and who it belongs to.
public struct LoginResult: Sendable {
    public var session: IssuedSession
    public var account: AccountView
}

/// Password sign-in with throttling and no user enumeration.
public struct LoginService: Sendable {
    let database: PatioDatabase
    let hasher: PasswordHasher
    let sessions: SessionService
    let throttle: LoginThrottle
    let accounts: AccountService

    public init(database: PatioDatabase, hasher: PasswordHasher, sessions: SessionService, throttle: LoginThrottle, accounts: AccountService) {
        self.database = database
        self.hasher = hasher
        self.sessions = sessions
        self.throttle = throttle
        self.accounts = accounts
    }

    public static let invalidCredentials = AppError(
        .unauthorized, code: "invalid_credentials", detail: "The email or the password is not correct."
    )

    public func login(email rawEmail: String, password: String, ip: String) async throws -> LoginResult {
        var validator = Validator()
        validator.check(!rawEmail.trimmingCharacters(in: .whitespaces).isEmpty, "email", "Enter your email.", code: "email_required")
        validator.check(!password.isEmpty, "password", "Enter your password.", code: "password_required")
        try validator.validate()

        let email = EmailAddress.normalise(rawEmail)
        let attempt = try await throttle.reserve(email: email, ip: ip)
        let account = try await AccountModel.query(on: database.reader).filter(\.$email == email).first()
        // An unknown email is still checked against a real hash, so both paths take as long.
        let matches = try await hasher.verify(password, account?.passwordHash ?? DecoyHash.value)
        guard let account, matches, account.isActive else { throw Self.invalidCredentials }
        try await throttle.succeeded(attempt)
        let session = try await sessions.issue(for: account.id!)
        return LoginResult(session: session, account: try await accounts.find(id: account.id!))
    }
}

extension LoginService {
    /// Re-authenticates `principal`'s session with the account's password, counted by the same throttle
    /// as sign-in (a stolen session cannot guess the password any faster than a stranger).
    /// Answers the moment the session counts as authenticated from.
    @discardableResult
    public func reauthenticate(_ principal: Principal, password: String, ip: String) async throws -> Date {
        guard !password.isEmpty else { throw AppError.validation(field: "password", "Enter your password.", code: "password_required") }
        let attempt = try await throttle.reserve(email: principal.email, ip: ip)
        guard let account = try await AccountModel.find(principal.accountID, on: try database.reader),
            try await hasher.verify(password, account.passwordHash)
        else {
            throw AppError(.unauthorized, code: "invalid_credentials", detail: "The password is not correct.")
        }
        try await throttle.succeeded(attempt)
        return try await sessions.markAuthenticated(sessionID: principal.sessionID)
    }
}

/// A real bcrypt hash of a random secret, made once per process.
enum DecoyHash {
    static let value = Bcrypt.hash(SecureToken.generate(), cost: 12)
}
