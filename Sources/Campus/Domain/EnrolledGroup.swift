import FluentKit
import Foundation
import PatioData
import SQLKit

/// A student's seat in a group of a period, with the group, the subject and the grades captured: a row of
/// their grades and of their week.
///
/// The student's pages read these on every view, so they come from one JOIN with fixed SQL text rather than
/// from three Fluent queries, whose per-row reflection cost more than the database did; its columns are read by
/// their place (`SQLColumns`), not through `Codable`.
struct EnrolledGroup: Sendable, Equatable {
    var enrolmentID: UUID
    var groupID: UUID
    var groupCode: String
    var teacherAccountID: UUID?
    var clave: String
    var subject: String
    var partials: [String?]
    var extraordinary: String?
    var final: String?
    /// The teacher's name, from the account directory.
    var teacher: String?

    /// The student's seats in `periodID`, teachers' names not yet filled in. A seat whose group or subject is
    /// gone is left out.
    static func rows(student: UUID, period: UUID, on database: any Database) async throws -> [EnrolledGroup] {
        try await database.sql.raw(
            """
            SELECT e.id AS enrolment_id, g.id AS group_id, g.code AS group_code, g.teacher_account_id, s.clave, s.name AS subject_name,
                   e.partial1, e.partial2, e.partial3, e.extraordinary, e.final
            FROM campus_enrolments e
            JOIN campus_groups g ON g.id = e.group_id
            JOIN campus_subjects s ON s.id = e.subject_id
            WHERE e.student_id = \(bind: student) AND e.period_id = \(bind: period)
            """
        ).all().map { row in
            var columns = SQLColumns(row)
            return EnrolledGroup(
                enrolmentID: try columns.uuid(0), groupID: try columns.uuid(1), groupCode: try columns.string(2),
                teacherAccountID: try columns.optionalUUID(3), clave: try columns.string(4), subject: try columns.string(5),
                partials: [try columns.optionalString(6), try columns.optionalString(7), try columns.optionalString(8)],
                extraordinary: try columns.optionalString(9), final: try columns.optionalString(10))
        }
    }

    /// A weekly class of a group.
    struct Slot: Sendable {
        let groupID: UUID
        let weekday: Int
        let startsAt: String
        let endsAt: String
        let building: String
        let room: String
    }

    /// The weekly classes of every group the student sits in `periodID`.
    static func slots(student: UUID, period: UUID, on database: any Database) async throws -> [Slot] {
        try await database.sql.raw(
            """
            SELECT sl.group_id, sl.weekday, sl.starts_at, sl.ends_at, sl.building, sl.room
            FROM campus_group_slots sl JOIN campus_enrolments e ON e.group_id = sl.group_id
            WHERE e.student_id = \(bind: student) AND e.period_id = \(bind: period)
            """
        ).all().map { row in
            var columns = SQLColumns(row)
            return Slot(
                groupID: try columns.uuid(0), weekday: try columns.int(1), startsAt: try columns.string(2), endsAt: try columns.string(3),
                building: try columns.string(4), room: try columns.string(5))
        }
    }
}
