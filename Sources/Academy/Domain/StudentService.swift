import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity

/// A student as the academy admin sees them: the account's name and email (from the account directory)
/// plus the academy's record. `isActive` is the academy's own flag, not the account's.
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
    let directory: AccountDirectory
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
            validator.check(
                (6...12).contains(dni?.count ?? 0) && dni!.allSatisfy { $0.isASCII && ($0.isNumber || $0.isLetter) },
                "dni", "Enter the DNI or ID number: 6 to 12 letters and digits.", code: "dni_format")
        }
        if let phone = input.phone?.trimmingCharacters(in: .whitespaces), !phone.isEmpty {
            validator.check(
                phone.count <= 20 && phone.allSatisfy { $0.isNumber || " +-()".contains($0) }, "phone",
                "Enter a phone number of digits, spaces, + - ( ).", code: "phone_format")
        }
        if let birthdate = input.birthdate, !birthdate.isEmpty {
            validator.check(LocalDate(birthdate) != nil, "birthdate", "Use yyyy-MM-dd, such as 2004-05-17.", code: "date_format")
        }
    }

    func create(_ input: Input) async throws -> StudentView {
        let account = NewAccount(email: input.email ?? "", name: input.name ?? "", password: input.password ?? "", roles: [Self.role])
        var validator = Validator(errors: accounts.validationErrors(for: account))
        Self.checkProfile(input, into: &validator, requireAll: true)
        try validator.validate()
        let dni = Self.normaliseDNI(input.dni)!
        if try await StudentModel.query(on: database.reader).filter(\.$dni == dni).first() != nil { throw Self.dniTaken }
        let studentID = UUID()
        let (phone, birthdate, now) = (
            input.phone?.trimmingCharacters(in: .whitespaces) ?? "", input.birthdate.flatMap { $0.isEmpty ? nil : $0 }, clock.now()
        )
        do {
            try await accounts.create(account) { created, db in
                let student = StudentModel()
                student.id = studentID
                student.accountID = created.id
                student.dni = dni
                student.phone = phone
                student.birthdate = birthdate
                student.createdAt = now
                student.isActive = true
                try await student.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.dniTaken
        }
        return try await find(studentID)
    }

    /// Updates the academy's record (DNI, phone, birthdate). The name, email and password belong to the
    /// student's Patio account, shared by every module: only the account itself or a platform admin
    /// changes them, so a request that would change one is refused and nothing is written.
    func update(_ id: UUID, _ input: Input) async throws -> StudentView {
        let current = try await find(id)
        try AccountOwnedFields.refuseChanges(
            name: input.name, currentName: current.name, email: input.email, currentEmail: current.email,
            password: input.password, person: "student")
        var validator = Validator()
        Self.checkProfile(input, into: &validator, requireAll: false)
        try validator.validate()
        let dni = Self.normaliseDNI(input.dni)
        if let dni, dni != current.dni, try await StudentModel.query(on: database.reader).filter(\.$dni == dni).first() != nil { throw Self.dniTaken }
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

    /// Marks the student active or inactive in the academy only: an inactive student cannot check in or
    /// be enrolled, and keeps their account (other modules may use it) and their history.
    func setActive(_ active: Bool, id: UUID) async throws -> StudentView {
        _ = try await find(id)
        try await database.write { db in
            try await StudentModel.query(on: db).filter(\.$id == id).set(\.$isActive, to: active).update()
        }
        return try await find(id)
    }

    func find(_ id: UUID) async throws -> StudentView {
        guard let student = try await StudentModel.find(id, on: try database.reader) else { throw Self.notFound }
        return try await views([student])[0]
    }

    func find(accountID: UUID) async throws -> StudentView? {
        guard let student = try await StudentModel.query(on: try database.reader).filter(\.$accountID == accountID).first() else { return nil }
        return try await views([student]).first
    }

    /// Students by name; `query` matches name, email (ignoring case and accents, through the account
    /// directory) or DNI. Names live in the accounts, so the academy's students are ordered here.
    func list(query: String?, page: CursorPageRequest) async throws -> CursorPage<StudentView> {
        let after = try page.textAndID()
        var builder = StudentModel.query(on: try database.reader)
        if let query = query?.trimmingCharacters(in: .whitespaces), !query.isEmpty {
            let matching = try await directory.search(query)
            let dni = query.filter { !$0.isWhitespace }.uppercased().replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
            // Nothing to match on (the search was only `%` or `_`): no student matches.
            if matching.isEmpty && dni.isEmpty { return CursorPage(items: [], nextCursor: nil) }
            builder = builder.group(.or) { group in
                if !matching.isEmpty { group.filter(\.$accountID ~~ matching) }
                if !dni.isEmpty { group.filter(\.$dni ~~ dni) }
            }
        }
        let sorted = try await views(try await builder.all()).sorted { ($0.sortKey, $0.id.uuidString) < ($1.sortKey, $1.id.uuidString) }
        let remaining =
            after.map { after in
                sorted.filter { ($0.sortKey, $0.id.uuidString) > (SearchKey.fold(after.text), after.id.uuidString) }
            } ?? sorted
        let items = Array(remaining.prefix(page.limit))
        let next = remaining.count > page.limit ? items.last.map { CursorPageRequest.cursor(afterText: $0.name, id: $0.id) } : nil
        return CursorPage(items: items, nextCursor: next)
    }

    /// Puts the account's name and email on each record, in the order given.
    func views(_ students: [StudentModel]) async throws -> [StudentView] {
        let entries = try await directory.entries(students.map(\.accountID))
        return students.compactMap { student in
            guard let id = student.id else { return nil }
            let entry = entries[student.accountID]
            return StudentView(
                id: id, accountId: student.accountID, name: entry?.name ?? "", email: entry?.email ?? "", dni: student.dni,
                phone: student.phone, birthdate: student.birthdate, isActive: student.isActive, createdAt: student.createdAt)
        }
    }
}

/// How student names sort and compare: case and accents ignored, so "Álvaro" sits with the A's.
enum SearchKey {
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}

extension StudentView {
    var sortKey: String { SearchKey.fold(name) }
}
