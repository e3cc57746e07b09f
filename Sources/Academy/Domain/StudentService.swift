import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import SQLKit

/// A student as the academy admin sees them: the account's name and email plus the academy's record.
struct StudentView: Codable, Sendable {
    var id: UUID
    var accountId: UUID
    var name: String
    var email: String
    var dni: String
    var phone: String
    var birthdate: String?
    var isActive: Bool
    var createdAt: Date
}

/// Students: accounts with role `academy.student` plus DNI, phone and birthdate.
struct StudentService: Sendable {
    static let role = "academy.student"
    let database: PatioDatabase
    let accounts: AccountService
    let clock: PatioClock

    struct Input: Codable, Sendable {
        var name: String?
        var email: String?
        var dni: String?
        var phone: String?
        var birthdate: String?
        var password: String?
    }

    static let dniTaken = AppError.conflict(code: "dni_taken", "A student with this DNI already exists.")
    static let notFound = AppError.notFound(code: "student_not_found", "No student has this id.")

    private static func normaliseDNI(_ dni: String?) -> String? {
        dni.map { $0.filter { !$0.isWhitespace }.uppercased() }
    }

    private static func checkProfile(_ input: Input, into validator: inout Validator, requireAll: Bool) {
        let dni = normaliseDNI(input.dni)
        if requireAll || dni != nil {
            validator.check((6...12).contains(dni?.count ?? 0) && dni!.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter) },
                            "dni", "Enter the DNI or ID number: 6 to 12 letters and digits.")
        }
        if let phone = input.phone?.trimmingCharacters(in: .whitespaces), !phone.isEmpty {
            validator.check(phone.count <= 20 && phone.allSatisfy { $0.isNumber || " +-()".contains($0) }, "phone", "Enter a phone number of digits, spaces, + - ( ).")
        }
        if let birthdate = input.birthdate, !birthdate.isEmpty {
            validator.check(LocalDate(birthdate) != nil, "birthdate", "Use yyyy-MM-dd, such as 2004-05-17.")
        }
    }

    func create(_ input: Input) async throws -> StudentView {
        let account = NewAccount(email: input.email ?? "", name: input.name ?? "", password: input.password ?? "", roles: [Self.role])
        var validator = Validator(errors: accounts.validationErrors(for: account))
        Self.checkProfile(input, into: &validator, requireAll: true)
        try validator.validate()
        let dni = Self.normaliseDNI(input.dni)!
        if try await StudentModel.query(on: database.reader).filter(\.$dni == dni).first() != nil { throw Self.dniTaken }
        let prepared = try await accounts.prepare(account)
        let student = StudentModel()
        student.id = UUID()
        student.accountID = prepared.id
        student.dni = dni
        student.phone = input.phone?.trimmingCharacters(in: .whitespaces) ?? ""
        student.birthdate = input.birthdate.flatMap { $0.isEmpty ? nil : $0 }
        student.createdAt = clock.now()
        do {
            try await database.write { db in
                _ = try await accounts.insert(prepared, on: db)
                try await student.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.dniTaken
        }
        return try await find(student.id!)
    }

    /// Updates what is given; an absent or empty password keeps the current one.
    func update(_ id: UUID, _ input: Input) async throws -> StudentView {
        let current = try await find(id)
        var validator = Validator()
        Self.checkProfile(input, into: &validator, requireAll: false)
        if let password = input.password, !password.isEmpty, let problem = PasswordPolicy.problem(with: password) { validator.add("password", problem) }
        try validator.validate()
        let dni = Self.normaliseDNI(input.dni)
        if let dni, dni != current.dni, try await StudentModel.query(on: database.reader).filter(\.$dni == dni).first() != nil { throw Self.dniTaken }
        let email = input.email.map(EmailAddress.normalise).flatMap { $0 == current.email ? nil : $0 }
        if input.name != nil || email != nil {
            _ = try await accounts.update(id: current.accountId, name: input.name, locale: nil, email: email)
        }
        if let password = input.password, !password.isEmpty {
            try await accounts.setPassword(id: current.accountId, newPassword: password, keepSession: nil)
        }
        do {
            try await database.write { db in
                var update = StudentModel.query(on: db).filter(\.$id == id)
                var changed = false
                if let dni { update = update.set(\.$dni, to: dni); changed = true }
                if let phone = input.phone { update = update.set(\.$phone, to: phone.trimmingCharacters(in: .whitespaces)); changed = true }
                if let birthdate = input.birthdate { update = update.set(\.$birthdate, to: birthdate.isEmpty ? nil : birthdate); changed = true }
                if changed { try await update.update() }
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.dniTaken
        }
        return try await find(id)
    }

    func setActive(_ active: Bool, id: UUID, actor: UUID) async throws -> StudentView {
        let student = try await find(id)
        _ = try await accounts.setActive(active, id: student.accountId, actor: actor)
        return try await find(id)
    }

    private struct Row: Decodable {
        let id: UUID, account_id: UUID, name: String, email: String, dni: String, phone: String
        let birthdate: String?, is_active: Bool, created_at: Date
        var view: StudentView {
            StudentView(id: id, accountId: account_id, name: name, email: email, dni: dni, phone: phone, birthdate: birthdate, isActive: is_active, createdAt: created_at)
        }
    }

    private static let columns = "s.id, s.account_id, a.name, a.email, s.dni, s.phone, s.birthdate, a.is_active, s.created_at"

    func find(_ id: UUID) async throws -> StudentView {
        let sql = try database.reader as! any SQLDatabase
        guard let row = try await sql.raw("SELECT \(unsafeRaw: Self.columns) FROM academy_students s JOIN accounts a ON a.id = s.account_id WHERE s.id = \(bind: id)").first(decoding: Row.self) else {
            throw Self.notFound
        }
        return row.view
    }

    /// The student record of a signed-in account, if it has one.
    func find(accountID: UUID) async throws -> StudentView? {
        let sql = try database.reader as! any SQLDatabase
        return try await sql.raw("SELECT \(unsafeRaw: Self.columns) FROM academy_students s JOIN accounts a ON a.id = s.account_id WHERE s.account_id = \(bind: accountID)").first(decoding: Row.self)?.view
    }

    /// Students by name; `query` matches name, email (ignoring case and accents) or DNI.
    func list(query: String?, page: CursorPageRequest) async throws -> CursorPage<StudentView> {
        let sql = try database.reader as! any SQLDatabase
        var where_: [SQLQueryString] = []
        if let query = query?.trimmingCharacters(in: .whitespaces), !query.isEmpty {
            let folded = query.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
                .replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
            where_.append("(a.search_text LIKE \(bind: "%\(folded)%") OR s.dni LIKE \(bind: "%\(folded.uppercased())%"))")
        }
        if let (name, id) = try page.textAndID() {
            where_.append("(a.name > \(bind: name) OR (a.name = \(bind: name) AND s.id > \(bind: id)))")
        }
        var statement: SQLQueryString = "SELECT \(unsafeRaw: Self.columns) FROM academy_students s JOIN accounts a ON a.id = s.account_id"
        if !where_.isEmpty { statement = statement + " WHERE " + where_.joined(separator: " AND ") }
        statement = statement + " ORDER BY a.name, s.id LIMIT \(literal: page.limit + 1)"
        let rows = try await sql.raw(statement).all(decoding: Row.self).map(\.view)
        let items = Array(rows.prefix(page.limit))
        let next = rows.count > page.limit ? items.last.map { CursorPageRequest.cursor(afterText: $0.name, id: $0.id) } : nil
        return CursorPage(items: items, nextCursor: next)
    }
}
