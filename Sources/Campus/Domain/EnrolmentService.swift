import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Puts students in groups, keeping the school's rules: a group never takes more students than its quota,
/// a student's classes never overlap, and a student takes a subject once per period.
struct EnrolmentService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    static let notFound = AppError.notFound(code: "enrolment_not_found", "No enrolment has this id.")
    static let full = AppError.conflict(code: "group_full", "The group has no seats left.")

    struct Input: Codable, Sendable { var studentId: UUID?; var groupId: UUID? }

    struct EnrolmentView: Codable, Sendable, Equatable {
        var id: UUID
        var studentId: UUID
        var groupId: UUID
    }

    func enrol(_ input: Input) async throws -> EnrolmentView {
        var validator = Validator()
        validator.check(input.studentId != nil, "studentId", "Choose the student.", code: "required")
        validator.check(input.groupId != nil, "groupId", "Choose the group.", code: "required")
        try validator.validate()
        guard let studentID = input.studentId, let groupID = input.groupId else { throw AppError.validation([]) }
        let now = clock.now()
        let enrolment = try await database.write { db in
            try await Self.enrol(student: studentID, group: groupID, at: now, on: db, isPostgres: !database.isSQLite)
        }
        return EnrolmentView(id: enrolment.id!, studentId: enrolment.studentID, groupId: enrolment.groupID)
    }

    /// Inside a write: checks every rule against what the database holds now and inserts the enrolment.
    static func enrol(student studentID: UUID, group groupID: UUID, at now: Date, on db: any Database, isPostgres: Bool) async throws
        -> EnrolmentModel
    {
        if isPostgres {
            // Two enrolments in the same group at once must see each other's seat.
            try await (try db.sql).raw("SELECT id FROM campus_groups WHERE id = \(bind: groupID) FOR UPDATE").run()
        }
        guard let group = try await GroupModel.find(groupID, on: db) else { throw GroupService.notFound }
        guard let student = try await StudentModel.find(studentID, on: db) else { throw StudentService.notFound }
        guard let period = try await PeriodModel.find(group.periodID, on: db), period.closedAt == nil else { throw GradeService.periodClosed }
        guard let subject = try await SubjectModel.find(group.subjectID, on: db), subject.planID == student.planID else {
            throw AppError(.unprocessableContent, code: "subject_not_in_plan", detail: "This subject is not in the student's study plan.")
        }
        let theirs = try await EnrolmentModel.query(on: db).filter(\.$studentID == studentID).filter(\.$periodID == group.periodID).all()
        if theirs.contains(where: { $0.subjectID == group.subjectID }) {
            throw AppError.conflict(code: "subject_already_taken", "The student already takes \(subject.name) this period.")
        }
        let taken = try await EnrolmentModel.query(on: db).filter(\.$groupID == groupID).count()
        guard taken < group.quota else { throw Self.full }
        let newSlots = try await GroupSlotModel.query(on: db).filter(\.$groupID == groupID).all().compactMap(Self.times)
        let otherSlots = try await GroupSlotModel.query(on: db).filter(\.$groupID ~~ theirs.map(\.groupID)).all()
        for other in otherSlots {
            guard let times = Self.times(other), newSlots.contains(where: { $0.overlaps(times) }) else { continue }
            let clashing = try await GroupModel.find(other.groupID, on: db)
            var name = ""
            if let clashing, let subject = try await SubjectModel.find(clashing.subjectID, on: db) { name = subject.name }
            throw AppError.conflict(
                code: "schedule_clash",
                "It clashes with \(clashing?.code ?? "") \(name) on \(Weekday.englishName(other.weekday)) \(other.startsAt)–\(other.endsAt).")
        }
        let enrolment = EnrolmentModel()
        enrolment.id = UUID()
        enrolment.groupID = groupID
        enrolment.studentID = studentID
        enrolment.periodID = group.periodID
        enrolment.subjectID = group.subjectID
        enrolment.createdAt = now
        do {
            try await enrolment.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(code: "subject_already_taken", "The student already takes \(subject.name) this period.")
        }
        return enrolment
    }

    static func times(_ slot: GroupSlotModel) -> SlotTimes? {
        SlotTimes(SlotView(weekday: slot.weekday, startsAt: slot.startsAt, endsAt: slot.endsAt, building: "", room: ""))
    }

    /// Takes a student out of a group while its period is open; their grades in it go with the enrolment.
    func unenrol(_ id: UUID) async throws {
        try await database.write { db in
            guard let enrolment = try await EnrolmentModel.find(id, on: db) else { throw Self.notFound }
            guard let period = try await PeriodModel.find(enrolment.periodID, on: db), period.closedAt == nil else { throw GradeService.periodClosed }
            try await GradeChangeModel.query(on: db).filter(\.$enrolmentID == id).delete()
            try await enrolment.delete(on: db)
        }
    }
}

/// Day names for messages and pages.
enum Weekday {
    static func englishName(_ day: Int) -> String {
        ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][safe: day] ?? ""
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
