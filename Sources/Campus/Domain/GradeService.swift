import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// Grades: capture windows per assessment, teachers grading their own groups inside them, school services
/// correcting any grade while the period is open, and every change kept with who, when, before and after.
struct GradeService: Sendable {
    let database: PatioDatabase
    let directory: AccountDirectory
    let clock: PatioClock
    let notifications: NotificationService

    static let periodClosed = AppError.conflict(code: "period_closed", "The period is closed; its record can no longer change.")
    static let notYourGroup = AppError(.forbidden, code: "not_your_group", detail: "You do not teach this group.")

    // MARK: Capture windows

    struct WindowInput: Codable, Sendable { var assessment: String?; var opensAt: Date?; var closesAt: Date? }

    struct WindowView: Codable, Sendable, Equatable {
        var assessment: String
        var opensAt: Date
        var closesAt: Date
        var isOpen: Bool
    }

    /// Opens (or moves) the window of one assessment of a period.
    func setWindow(periodID: UUID, _ input: WindowInput) async throws -> WindowView {
        var validator = Validator()
        let assessment = Assessment(rawValue: input.assessment ?? "")
        validator.check(assessment != nil, "assessment", "One of: partial1, partial2, partial3, extraordinary, final.", code: "assessment_unknown")
        validator.check(input.opensAt != nil, "opensAt", "When the window opens (RFC 3339).", code: "required")
        validator.check(input.closesAt != nil, "closesAt", "When the window closes (RFC 3339).", code: "required")
        if let opens = input.opensAt, let closes = input.closesAt {
            validator.check(opens < closes, "closesAt", "A window must close after it opens.", code: "dates_order")
        }
        try validator.validate()
        return try await database.write { db in
            guard let period = try await PeriodModel.find(periodID, on: db) else { throw RecordService.periodNotFound }
            guard period.closedAt == nil else { throw Self.periodClosed }
            let model =
                try await CaptureWindowModel.query(on: db).filter(\.$periodID == periodID).filter(\.$assessment == assessment!.rawValue).first()
                ?? CaptureWindowModel()
            if model.id == nil {
                model.id = UUID()
                model.periodID = periodID
                model.assessment = assessment!.rawValue
            }
            model.opensAt = input.opensAt!
            model.closesAt = input.closesAt!
            try await model.save(on: db)
            return view(model)
        }
    }

    /// The period's capture windows; 404 `period_not_found` for a period that does not exist.
    func windows(periodID: UUID) async throws -> [WindowView] {
        guard try await PeriodModel.find(periodID, on: try database.reader) != nil else { throw RecordService.periodNotFound }
        let models = try await CaptureWindowModel.query(on: try database.reader).filter(\.$periodID == periodID).all()
        return Assessment.allCases.compactMap { assessment in models.first { $0.assessment == assessment.rawValue }.map(view) }
    }

    func view(_ model: CaptureWindowModel) -> WindowView {
        let now = clock.now()
        return WindowView(
            assessment: model.assessment, opensAt: model.opensAt, closesAt: model.closesAt, isOpen: model.opensAt <= now && now < model.closesAt)
    }

    // MARK: Capture

    /// One student's grades as sent: a key left out keeps its grade, `null` or `""` clears it.
    struct Entry: Decodable, Sendable {
        var enrolmentId: UUID
        var changes: [Assessment: String?]

        enum Keys: String, CodingKey { case enrolmentId }

        init(enrolmentId: UUID, changes: [Assessment: String?]) {
            self.enrolmentId = enrolmentId
            self.changes = changes
        }

        init(from decoder: any Decoder) throws {
            enrolmentId = try decoder.container(keyedBy: Keys.self).decode(UUID.self, forKey: .enrolmentId)
            let values = try decoder.container(keyedBy: AnyKey.self)
            var changes: [Assessment: String?] = [:]
            for key in values.allKeys {
                guard let assessment = Assessment(rawValue: key.stringValue) else { continue }
                changes[assessment] = try values.decodeIfPresent(String.self, forKey: key)
            }
            self.changes = changes
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Captures `entries` for the students of one group. Every value is checked first and nothing is written
    /// when any is wrong. A teacher must teach the group and may change only assessments whose window is
    /// open now; school services may change any grade while the period is open.
    func capture(groupID: UUID, _ entries: [Entry], by principal: Principal) async throws -> Int {
        var validator = Validator()
        var parsed: [(UUID, Assessment, String?)] = []
        for (index, entry) in entries.enumerated() {
            for (assessment, raw) in entry.changes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                let text = raw?.trimmingCharacters(in: .whitespaces) ?? ""
                if text.isEmpty {
                    parsed.append((entry.enrolmentId, assessment, nil))
                } else if let grade = Grade(text) {
                    parsed.append((entry.enrolmentId, assessment, grade.text))
                } else {
                    validator.add(
                        "grades[\(index)].\(assessment.rawValue)", "A grade from 0 to 10 with at most one decimal, NP, or empty.",
                        code: "grade_format")
                }
            }
        }
        try validator.validate()
        let checked = parsed
        let isAdmin = principal.has(role: CampusRoles.admin)
        let now = clock.now()
        let actorName = principal.name
        return try await database.write { db in
            guard let group = try await GroupModel.find(groupID, on: db) else { throw GroupService.notFound }
            guard isAdmin || group.teacherAccountID == principal.accountID else { throw Self.notYourGroup }
            guard let period = try await PeriodModel.find(group.periodID, on: db), period.closedAt == nil else { throw Self.periodClosed }
            if !isAdmin {
                let windows = try await CaptureWindowModel.query(on: db).filter(\.$periodID == group.periodID).all()
                for assessment in Set(checked.map(\.1)) {
                    guard let window = windows.first(where: { $0.assessment == assessment.rawValue }), window.opensAt <= now, now < window.closesAt
                    else {
                        throw AppError(
                            .forbidden, code: "capture_window_closed",
                            detail: "Capture of \(assessment.rawValue) is closed now; school services set its window.")
                    }
                }
            }
            let enrolments = try await EnrolmentModel.query(on: db).filter(\.$groupID == groupID).filter(\.$id ~~ Set(checked.map(\.0))).all()
            let byID = Dictionary(uniqueKeysWithValues: enrolments.map { ($0.id!, $0) })
            var changed = 0
            var captured: [(enrolment: EnrolmentModel, assessment: Assessment, grade: String)] = []
            var sequence = try await GradeChangeModel.query(on: db).max(\.$sequence) ?? 0
            for (enrolmentID, assessment, value) in checked {
                guard let enrolment = byID[enrolmentID] else {
                    throw AppError.notFound(code: "enrolment_not_found", "A student sent is not in this group.")
                }
                let before = assessment.value(of: enrolment)
                guard before != value else { continue }
                assessment.set(value, on: enrolment)
                let change = GradeChangeModel()
                change.id = UUID()
                change.enrolmentID = enrolmentID
                change.assessment = assessment.rawValue
                change.before = before
                change.after = value
                change.actorAccountID = principal.accountID
                change.actorName = actorName
                change.at = now
                sequence += 1
                change.sequence = sequence
                try await change.create(on: db)
                changed += 1
                if let value { captured.append((enrolment, assessment, value)) }
            }
            for enrolment in enrolments where enrolment.hasChanges { try await enrolment.save(on: db) }
            try await notifyCaptured(captured, on: db)
            return changed
        }
    }

    /// Tells each student of a grade captured for them (a grade erased is not news), in the capture's
    /// transaction.
    private func notifyCaptured(_ captured: [(enrolment: EnrolmentModel, assessment: Assessment, grade: String)], on db: any Database)
        async throws
    {
        guard !captured.isEmpty else { return }
        let students = try await StudentModel.query(on: db).filter(\.$id ~~ Set(captured.map(\.enrolment.studentID))).all()
        let subjects = try await SubjectModel.query(on: db).filter(\.$id ~~ Set(captured.map(\.enrolment.subjectID))).all()
        let accountOf = Dictionary(uniqueKeysWithValues: students.compactMap { student in student.id.map { ($0, student.accountID) } })
        let nameOf = Dictionary(uniqueKeysWithValues: subjects.compactMap { subject in subject.id.map { ($0, subject.name) } })
        for (enrolment, assessment, grade) in captured {
            guard let account = accountOf[enrolment.studentID] else { continue }
            try await notifications.send(
                CampusNotifications.gradeCaptured.id, to: [account],
                parameters: [
                    "subject": nameOf[enrolment.subjectID] ?? "", "assessment": CampusNotifications.assessmentNames[assessment.rawValue] ?? "",
                    "grade": grade,
                ],
                link: "/campus/grades", collapseKey: "grade-\(enrolment.id?.uuidString ?? "")-\(assessment.rawValue)")
        }
    }

    // MARK: Roster and history

    struct RosterRow: Codable, Sendable, Equatable {
        var enrolmentId: UUID
        var studentId: UUID
        var boleta: String
        var name: String
        var partial1: String?
        var partial2: String?
        var partial3: String?
        var extraordinary: String?
        var final: String?
        var average: String?
    }

    /// The group's students by name with their grades. A teacher sees only their own groups.
    func roster(groupID: UUID, for principal: Principal) async throws -> [RosterRow] {
        let db = try database.reader
        guard let group = try await GroupModel.find(groupID, on: db) else { throw GroupService.notFound }
        guard principal.has(role: CampusRoles.admin) || group.teacherAccountID == principal.accountID else { throw Self.notYourGroup }
        let enrolments = try await EnrolmentModel.query(on: db).filter(\.$groupID == groupID).all()
        let students = try await StudentModel.query(on: db).filter(\.$id ~~ enrolments.map(\.studentID)).all()
        let names = try await directory.entries(students.map(\.accountID))
        let studentByID = Dictionary(uniqueKeysWithValues: students.map { ($0.id!, $0) })
        return enrolments.compactMap { enrolment in
            guard let student = studentByID[enrolment.studentID] else { return nil }
            return RosterRow(
                enrolmentId: enrolment.id!, studentId: student.id!, boleta: student.boleta, name: names[student.accountID]?.name ?? "",
                partial1: enrolment.partial1, partial2: enrolment.partial2, partial3: enrolment.partial3,
                extraordinary: enrolment.extraordinary, final: enrolment.final,
                average: GradeAverage(Assessment.partials.map { $0.value(of: enrolment).flatMap(Grade.init) })?.text)
        }.sorted { $0.name.localizedCompare($1.name) == .orderedAscending }
    }

    struct ChangeView: Codable, Sendable, Equatable {
        var enrolmentId: UUID
        var assessment: String
        var before: String?
        var after: String?
        var actorAccountId: UUID
        var actorName: String
        var at: Date
    }

    /// Every change to the group's grades, newest first.
    func history(groupID: UUID) async throws -> [ChangeView] {
        let db = try database.reader
        guard try await GroupModel.find(groupID, on: db) != nil else { throw GroupService.notFound }
        let ids = try await EnrolmentModel.query(on: db).filter(\.$groupID == groupID).all().compactMap(\.id)
        return try await GradeChangeModel.query(on: db).filter(\.$enrolmentID ~~ ids).sort(\.$sequence, .descending).all().map {
            ChangeView(
                enrolmentId: $0.enrolmentID, assessment: $0.assessment, before: $0.before, after: $0.after,
                actorAccountId: $0.actorAccountID, actorName: $0.actorName, at: $0.at)
        }
    }
}
