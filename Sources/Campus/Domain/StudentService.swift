import FluentKit
import FluentSQL
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import SQLKit

/// A student as school services and the student see them.
struct StudentView: Codable, Sendable, Equatable {
    var id: UUID
    var accountId: UUID
    var name: String
    var email: String
    var boleta: String
    var school: SchoolView
    var career: CareerView
    var planId: UUID
    var planCode: String
    var hasPhoto: Bool
}

/// Students: school services open a student (a Patio account with role `campus.student` plus the school's
/// record of them) and keep their personal data; the student keeps their own address and contact.
struct StudentService: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let directory: AccountDirectory
    let blobs: BlobStore
    let clock: PatioClock

    static let notFound = AppError.notFound(code: "student_not_found", "No student has this id.")
    static let noRecord = AppError(
        .forbidden, code: "student_record_missing", detail: "This account has no student record; school services open one.")
    static let taken = AppError.conflict(code: "boleta_taken", "Another student already has this boleta.")

    struct Input: Codable, Sendable {
        var email: String?
        var password: String?
        var name: String?
        var boleta: String?
        var planId: UUID?
        var personal: PersonalData?
    }

    func create(_ input: Input) async throws -> StudentView {
        let account = NewAccount(
            email: input.email ?? "", name: input.name ?? "", locale: "es", password: input.password ?? "", roles: [CampusRoles.student])
        var validator = Validator(errors: accounts.validationErrors(for: account))
        let boleta = (input.boleta ?? "").trimmingCharacters(in: .whitespaces)
        validator.check(
            boleta.count == 10 && boleta.allSatisfy(\.isASCIIDigit), "boleta", "A boleta has ten digits, like 2021630001.", code: "boleta_format")
        validator.check(input.planId != nil, "planId", "Choose the study plan.", code: "required")
        let personal = Self.clean(input.personal ?? PersonalData(), into: &validator)
        try validator.validate()
        guard let planID = input.planId, let plan = try await PlanModel.find(planID, on: try database.reader),
            let career = try await CareerModel.find(plan.careerID, on: try database.reader)
        else { throw RecordService.planNotFound }
        let encoded = try Self.encode(personal)
        let (schoolID, careerID, now) = (career.schoolID, try career.requireID(), clock.now())
        let model: StudentModel
        do {
            model = try await accounts.create(account) { created, db in
                let model = StudentModel()
                model.id = UUID()
                model.accountID = created.id
                model.boleta = boleta
                model.schoolID = schoolID
                model.careerID = careerID
                model.planID = planID
                model.personal = encoded
                model.feedGeneration = 1
                model.createdAt = now
                try await model.create(on: db)
                return model
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.taken
        }
        return try await view(model)
    }

    static func clean(_ personal: PersonalData, into validator: inout Validator) -> PersonalData {
        var problems: [(field: String, message: String)] = []
        let cleaned = personal.cleaned(into: &problems)
        for problem in problems { validator.add("personal." + problem.field, problem.message, code: "invalid") }
        return cleaned
    }

    func list(query: String?) async throws -> [StudentView] {
        var models = try await StudentModel.query(on: try database.reader).sort(\.$boleta).limit(500).all()
        if let query = query?.trimmingCharacters(in: .whitespaces), !query.isEmpty {
            let ids = Set(try await directory.search(query))
            models = models.filter { ids.contains($0.accountID) || $0.boleta.hasPrefix(query) }
        }
        return try await views(models)
    }

    func find(_ id: UUID) async throws -> StudentModel {
        guard let model = try await StudentModel.find(id, on: try database.reader) else { throw Self.notFound }
        return model
    }

    /// The signed-in student's record, or 403 `student_record_missing`.
    func record(_ principal: Principal) async throws -> StudentModel {
        // Fixed SQL rather than Fluent's query builder: every student page starts here, and building the query
        // cost more than running it.
        let found = try await database.reader.sql.raw("SELECT * FROM campus_students WHERE account_id = \(bind: principal.accountID)")
            .first(decodingFluent: StudentModel.self)
        guard let model = found else {
            throw Self.noRecord
        }
        return model
    }

    /// Whether the student is still one: their account can sign in and still holds `campus.student`. What
    /// they handed out (the calendar feed, the credential's and the receipt's QR codes) answers only while
    /// this holds, so deactivating the account, or taking the role away, stops every link at once.
    func isCurrent(_ model: StudentModel) async throws -> Bool {
        do {
            let account = try await accounts.find(id: model.accountID)
            return account.isActive && account.roles.contains(CampusRoles.student)
        } catch let error as AppError where error.status == .notFound {
            return false
        }
    }

    /// The code of the student's school (`escom`), which decides the posts aimed at them; one fixed statement,
    /// since the home page asks on every view.
    func schoolCode(_ model: StudentModel) async throws -> String? {
        try await database.reader.sql.raw("SELECT code FROM campus_schools WHERE id = \(bind: model.schoolID)").first(
            decodingColumn: "code", as: String.self)
    }

    func view(_ model: StudentModel) async throws -> StudentView {
        guard let view = try await views([model]).first else { throw Self.notFound }
        return view
    }

    func views(_ models: [StudentModel]) async throws -> [StudentView] {
        let names = try await directory.entries(models.map(\.accountID))
        let schools = try await SchoolModel.query(on: try database.reader).filter(\.$id ~~ Set(models.map(\.schoolID))).all()
        let careers = try await CareerModel.query(on: try database.reader).filter(\.$id ~~ Set(models.map(\.careerID))).all()
        let plans = try await PlanModel.query(on: try database.reader).filter(\.$id ~~ Set(models.map(\.planID))).all()
        let schoolByID = Dictionary(uniqueKeysWithValues: schools.map { ($0.id!, $0) })
        let careerByID = Dictionary(uniqueKeysWithValues: careers.map { ($0.id!, $0) })
        let planByID = Dictionary(uniqueKeysWithValues: plans.map { ($0.id!, $0) })
        return models.compactMap { model in
            guard let school = schoolByID[model.schoolID], let career = careerByID[model.careerID] else { return nil }
            let entry = names[model.accountID]
            return StudentView(
                id: model.id!, accountId: model.accountID, name: entry?.name ?? "", email: entry?.email ?? "", boleta: model.boleta,
                school: SchoolView(id: school.id!, code: school.code, name: school.name), career: RecordService.view(career),
                planId: model.planID, planCode: planByID[model.planID]?.code ?? "", hasPhoto: model.photoBlob != nil)
        }
    }

    // MARK: Personal data

    func personalData(_ model: StudentModel) -> PersonalData {
        (try? JSONDecoder().decode(PersonalData.self, from: Data(model.personal.utf8))) ?? PersonalData()
    }

    static func encode(_ personal: PersonalData) throws -> String {
        String(decoding: try JSONEncoder().encode(personal), as: UTF8.self)
    }

    /// School services replace the whole record.
    func replacePersonalData(_ id: UUID, _ personal: PersonalData) async throws -> PersonalData {
        var validator = Validator()
        let cleaned = Self.clean(personal, into: &validator)
        try validator.validate()
        return try await database.write { db in
            guard let model = try await StudentModel.find(id, on: db) else { throw Self.notFound }
            model.personal = try Self.encode(cleaned)
            try await model.save(on: db)
            return cleaned
        }
    }

    /// The groups a student keeps up to date themselves; school services keep the rest.
    static let ownGroups: Set<String> = ["address", "contact"]

    /// The student's own change, field by field (`PersonalDataPatch`), made on the latest copy. Address and
    /// contact are theirs; a school-owned field sent with the value it has is accepted (a client that sends
    /// back what it read), one sent with another value is refused with 403 `personal_data_school_owned`
    /// naming it, and nothing is written.
    func updateOwn(_ student: StudentModel, _ patch: PersonalDataPatch) async throws -> PersonalData {
        try await database.write { db in
            guard let fresh = try await StudentModel.find(student.id!, on: db) else { throw Self.notFound }
            let current = personalData(fresh)
            guard !patch.isEmpty else { return current }
            var problems: [(field: String, message: String)] = []
            let proposed = patch.applied(to: current).cleaned(into: &problems)
            func values(_ data: PersonalData) -> [String: String] {
                var values: [String: String] = [:]
                for field in data.fields { values["\(field.group).\(field.name)"] = field.value }
                return values
            }
            let before = values(current), after = values(proposed)
            let schoolOwned = patch.values.keys.filter { path in
                !Self.ownGroups.contains(String(path.prefix { $0 != "." })) && before[path] != after[path]
            }.sorted()
            if !schoolOwned.isEmpty {
                throw AppError(
                    .forbidden, code: "personal_data_school_owned",
                    detail: "Only your address and contact can be changed here; ask school services to correct the rest.",
                    fieldErrors: schoolOwned.map { FieldError(field: $0, message: "School services keep this field.", code: "school_owned") })
            }
            if !problems.isEmpty { throw AppError.validation(problems.map { FieldError(field: $0.field, message: $0.message, code: "invalid") }) }
            fresh.personal = try Self.encode(proposed)
            try await fresh.save(on: db)
            return proposed
        }
    }

    // MARK: Photo

    func setPhoto(_ id: UUID, bytes: [UInt8]) async throws -> StudentView {
        guard bytes.count <= BlobStore.maxBytes else {
            throw AppError(.contentTooLarge, code: "image_too_large", detail: "Photos can be at most 2 MiB.")
        }
        guard let format = ImageFormat.detect(bytes) else {
            throw AppError(.unsupportedMediaType, code: "image_format_unsupported", detail: "Send a PNG, JPEG or WebP image.")
        }
        let model = try await database.write { db in
            guard let model = try await StudentModel.find(id, on: db) else { throw Self.notFound }
            if let old = model.photoBlob.flatMap(UUID.init(uuidString:)) { try await blobs.delete(old, on: db) }
            model.photoBlob = try await blobs.put(bytes, contentType: format.rawValue, on: db).uuidString
            try await model.save(on: db)
            return model
        }
        return try await view(model)
    }

    func photo(_ model: StudentModel) async throws -> BlobStore.Blob {
        guard let id = model.photoBlob.flatMap(UUID.init(uuidString:)), let blob = try await blobs.get(id) else {
            throw AppError.notFound(code: "photo_not_found", "There is no photo of this student.")
        }
        return blob
    }

    /// Revokes every calendar-feed link handed out so far; the next link is new.
    func renewFeed(_ model: StudentModel) async throws -> Int {
        try await database.write { db in
            guard let fresh = try await StudentModel.find(model.id!, on: db) else { throw Self.notFound }
            fresh.feedGeneration += 1
            try await fresh.save(on: db)
            return fresh.feedGeneration
        }
    }
}
