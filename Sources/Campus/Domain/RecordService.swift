import FluentKit
import FluentSQL
import Foundation
import PatioCore
import PatioData
import SQLKit

/// The school's record that everything else hangs from: schools, careers, study plans and their subjects,
/// periods and the academic calendar. School services (`campus.admin`) keep it.
struct RecordService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    static let schoolNotFound = AppError.notFound(code: "school_not_found", "No school has this id.")
    static let careerNotFound = AppError.notFound(code: "career_not_found", "No career has this id.")
    static let planNotFound = AppError.notFound(code: "plan_not_found", "No study plan has this id.")
    static let subjectNotFound = AppError.notFound(code: "subject_not_found", "No subject has this id.")
    static let periodNotFound = AppError.notFound(code: "period_not_found", "No period has this id.")
    static let eventNotFound = AppError.notFound(code: "calendar_event_not_found", "No calendar event has this id.")
    static let taken = AppError.conflict(code: "code_taken", "Another record already uses this code.")

    // MARK: Schools, careers, plans

    struct SchoolInput: Codable, Sendable { var code: String?; var name: String? }

    func createSchool(_ input: SchoolInput) async throws -> SchoolView {
        var validator = Validator()
        let code = CampusText.required(input.code, "code", into: &validator, max: 20).lowercased()
        let name = CampusText.required(input.name, "name", into: &validator)
        validator.check(
            code.isEmpty || code.allSatisfy { $0.isLetter || $0.isNumber }, "code", "Letters and digits only, like escom.", code: "code_format")
        try validator.validate()
        let model = SchoolModel()
        model.id = UUID()
        model.code = code
        model.name = name
        try await insert(model)
        return SchoolView(id: model.id!, code: code, name: name)
    }

    func schools() async throws -> [SchoolView] {
        try await SchoolModel.query(on: try database.reader).sort(\.$code).all().map { SchoolView(id: $0.id!, code: $0.code, name: $0.name) }
    }

    struct CareerInput: Codable, Sendable { var schoolId: UUID?; var code: String?; var name: String? }

    func createCareer(_ input: CareerInput) async throws -> CareerView {
        var validator = Validator()
        validator.check(input.schoolId != nil, "schoolId", "Choose the school.", code: "required")
        let code = CampusText.required(input.code, "code", into: &validator, max: 20).uppercased()
        let name = CampusText.required(input.name, "name", into: &validator)
        try validator.validate()
        guard let schoolID = input.schoolId, try await SchoolModel.find(schoolID, on: try database.reader) != nil else { throw Self.schoolNotFound }
        let model = CareerModel()
        model.id = UUID()
        model.schoolID = schoolID
        model.code = code
        model.name = name
        try await insert(model)
        return Self.view(model)
    }

    func careers(schoolID: UUID? = nil) async throws -> [CareerView] {
        var query = CareerModel.query(on: try database.reader).sort(\.$code)
        if let schoolID { query = query.filter(\.$schoolID == schoolID) }
        return try await query.all().map(Self.view)
    }

    static func view(_ model: CareerModel) -> CareerView {
        CareerView(id: model.id!, schoolId: model.schoolID, code: model.code, name: model.name)
    }

    struct PlanInput: Codable, Sendable { var careerId: UUID?; var code: String? }

    func createPlan(_ input: PlanInput) async throws -> PlanView {
        var validator = Validator()
        validator.check(input.careerId != nil, "careerId", "Choose the career.", code: "required")
        let code = CampusText.required(input.code, "code", into: &validator, max: 20)
        try validator.validate()
        guard let careerID = input.careerId, try await CareerModel.find(careerID, on: try database.reader) != nil else { throw Self.careerNotFound }
        let model = PlanModel()
        model.id = UUID()
        model.careerID = careerID
        model.code = code
        try await insert(model)
        return PlanView(id: model.id!, careerId: careerID, code: code, totalCredits: 0)
    }

    func plans(careerID: UUID? = nil) async throws -> [PlanView] {
        var query = PlanModel.query(on: try database.reader).sort(\.$code)
        if let careerID { query = query.filter(\.$careerID == careerID) }
        let plans = try await query.all()
        let subjects = try await SubjectModel.query(on: try database.reader).filter(\.$planID ~~ plans.compactMap(\.id)).all()
        let totals = Dictionary(grouping: subjects, by: \.planID).mapValues { $0.reduce(0) { $0 + $1.creditsHundredths } }
        return plans.map { PlanView(id: $0.id!, careerId: $0.careerID, code: $0.code, totalCredits: Credits.decimal(totals[$0.id!] ?? 0)) }
    }

    // MARK: Subjects

    struct SubjectInput: Codable, Sendable {
        var planId: UUID?
        var clave: String?
        var name: String?
        var semester: Int?
        var credits: Double?
    }

    /// A subject's fields checked; `line` prefixes nothing here, the CSV import reuses it per row.
    static func checkSubject(_ input: SubjectInput, into validator: inout Validator) -> (clave: String, name: String, semester: Int, credits: Int) {
        let clave = CampusText.required(input.clave, "clave", into: &validator, max: 20).uppercased()
        validator.check(
            clave.isEmpty || clave.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }, "clave", "Letters and digits only, like C101.",
            code: "clave_format")
        let name = CampusText.required(input.name, "name", into: &validator)
        let semester = input.semester ?? 0
        validator.check((1...12).contains(semester), "semester", "A semester from 1 to 12.", code: "semester_range")
        let credits = input.credits.flatMap(Credits.hundredths)
        validator.check(credits != nil, "credits", "Credits from 0 to 99.99, at most two decimals.", code: "credits_range")
        return (clave, name, semester, credits ?? 0)
    }

    func createSubject(_ input: SubjectInput) async throws -> SubjectView {
        var validator = Validator()
        validator.check(input.planId != nil, "planId", "Choose the study plan.", code: "required")
        let fields = Self.checkSubject(input, into: &validator)
        try validator.validate()
        guard let planID = input.planId, try await PlanModel.find(planID, on: try database.reader) != nil else { throw Self.planNotFound }
        let model = Self.subject(planID: planID, fields)
        try await insert(model)
        return Self.view(model)
    }

    static func subject(planID: UUID, _ fields: (clave: String, name: String, semester: Int, credits: Int)) -> SubjectModel {
        let model = SubjectModel()
        model.id = UUID()
        model.planID = planID
        model.clave = fields.clave
        model.name = fields.name
        model.semester = fields.semester
        model.creditsHundredths = fields.credits
        return model
    }

    func subjects(planID: UUID) async throws -> [SubjectView] {
        guard try await PlanModel.find(planID, on: try database.reader) != nil else { throw Self.planNotFound }
        return try await SubjectModel.query(on: try database.reader).filter(\.$planID == planID).sort(\.$semester).sort(\.$clave).all().map(Self.view)
    }

    static func view(_ model: SubjectModel) -> SubjectView {
        SubjectView(
            id: model.id!, planId: model.planID, clave: model.clave, name: model.name, semester: model.semester,
            credits: Credits.decimal(model.creditsHundredths))
    }

    // MARK: Periods

    struct PeriodInput: Codable, Sendable { var code: String?; var startsOn: String?; var endsOn: String? }

    func createPeriod(_ input: PeriodInput) async throws -> PeriodView {
        var validator = Validator()
        let code = CampusText.required(input.code, "code", into: &validator, max: 10)
        validator.check(code.isEmpty || Self.isPeriodCode(code), "code", "A period like 2026/1 or 2026/2.", code: "period_format")
        let starts = CampusText.date(input.startsOn, "startsOn", into: &validator)
        let ends = CampusText.date(input.endsOn, "endsOn", into: &validator)
        if let starts, let ends { validator.check(starts < ends, "endsOn", "The period must end after it starts.", code: "dates_order") }
        try validator.validate()
        let model = PeriodModel()
        model.id = UUID()
        model.code = code
        model.startsOn = starts?.description ?? ""
        model.endsOn = ends?.description ?? ""
        try await insert(model)
        return Self.view(model)
    }

    static func isPeriodCode(_ code: String) -> Bool {
        let parts = code.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 4 && parts[0].allSatisfy(\.isASCIIDigit) && ["1", "2"].contains(parts[1])
    }

    func periods() async throws -> [PeriodView] {
        try await PeriodModel.query(on: try database.reader).sort(\.$startsOn, .descending).all().map(Self.view)
    }

    func period(_ id: UUID) async throws -> PeriodModel {
        guard let model = try await PeriodModel.find(id, on: try database.reader) else { throw Self.periodNotFound }
        return model
    }

    /// The period running today (school time); before or between periods, the next one that opens; nil when
    /// there is none left open.
    func currentPeriod() async throws -> PeriodModel? {
        let today = SchoolCalendar.today(clock).description
        let open = try await database.reader.sql.raw("SELECT * FROM campus_periods WHERE closed_at IS NULL ORDER BY starts_on")
            .all(decodingFluent: PeriodModel.self)
        return open.first { $0.startsOn <= today && today <= $0.endsOn } ?? open.first { $0.startsOn > today } ?? open.last
    }

    static func view(_ model: PeriodModel) -> PeriodView {
        PeriodView(
            id: model.id!, code: model.code, startsOn: model.startsOn, endsOn: model.endsOn, isClosed: model.closedAt != nil, closedAt: model.closedAt
        )
    }

    // MARK: Academic calendar

    static let eventKinds = ["period_start", "period_end", "vacations", "extraordinary_evaluation", "other"]

    struct EventInput: Codable, Sendable { var periodId: UUID?; var kind: String?; var title: String?; var startsOn: String?; var endsOn: String? }

    func createEvent(_ input: EventInput) async throws -> CalendarEventView {
        var validator = Validator()
        validator.check(
            Self.eventKinds.contains(input.kind ?? ""), "kind", "One of: \(Self.eventKinds.joined(separator: ", ")).", code: "kind_unknown")
        let title = CampusText.required(input.title, "title", into: &validator)
        let starts = CampusText.date(input.startsOn, "startsOn", into: &validator)
        let ends = input.endsOn.map { _ in CampusText.date(input.endsOn, "endsOn", into: &validator) } ?? starts
        if let starts, let ends { validator.check(starts <= ends, "endsOn", "The event must end on or after its first day.", code: "dates_order") }
        try validator.validate()
        if let periodID = input.periodId { _ = try await period(periodID) }
        let model = CalendarEventModel()
        model.id = UUID()
        model.periodID = input.periodId
        model.kind = input.kind ?? "other"
        model.title = title
        model.startsOn = starts?.description ?? ""
        model.endsOn = ends?.description ?? ""
        try await insert(model)
        return Self.view(model)
    }

    /// The calendar from `from` on (every event when nil), in date order. Every student's home page reads it,
    /// so it is read with fixed SQL text, by place, rather than through `CalendarEventModel`.
    func calendar(from: LocalDate? = nil, periodID: UUID? = nil) async throws -> [CalendarEventView] {
        var conditions: [SQLQueryString] = []
        if let from { conditions.append("ends_on >= \(bind: from.description)") }
        if let periodID { conditions.append("period_id = \(bind: periodID)") }
        let filter: SQLQueryString = conditions.isEmpty ? "" : "WHERE \(conditions.joined(separator: " AND "))"
        return try await database.reader.sql.raw(
            "SELECT id, period_id, kind, title, starts_on, ends_on FROM campus_calendar_events \(filter) ORDER BY starts_on, title"
        ).all().map { row in
            var columns = SQLColumns(row)
            return CalendarEventView(
                id: try columns.uuid(0), periodId: try columns.optionalUUID(1), kind: try columns.string(2), title: try columns.string(3),
                startsOn: try columns.string(4), endsOn: try columns.string(5))
        }
    }

    func deleteEvent(_ id: UUID) async throws {
        try await database.write { db in
            guard let model = try await CalendarEventModel.find(id, on: db) else { throw Self.eventNotFound }
            try await model.delete(on: db)
        }
    }

    static func view(_ model: CalendarEventModel) -> CalendarEventView {
        CalendarEventView(
            id: model.id!, periodId: model.periodID, kind: model.kind, title: model.title, startsOn: model.startsOn, endsOn: model.endsOn)
    }

    // MARK: Helpers

    /// Inserts `model`, answering 409 `code_taken` when a unique code is already used.
    func insert(_ model: some Model) async throws {
        do {
            try await database.write { db in try await model.create(on: db) }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.taken
        }
    }
}
