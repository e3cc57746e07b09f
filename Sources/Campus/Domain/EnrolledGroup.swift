import FluentKit
import Foundation
import SQLKit

/// A student's seat in a group of a period, with the group, the subject and the grades captured: a row of
/// their grades and of their week.
///
/// The student's pages read these on every view, so they come from one JOIN with fixed SQL text rather than
/// from three Fluent queries, whose per-row reflection cost more than the database did.
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

    private struct Row: Decodable {
        let enrolment_id: UUID
        let group_id: UUID
        let group_code: String
        let teacher_account_id: UUID?
        let clave: String
        let subject_name: String
        let partial1: String?
        let partial2: String?
        let partial3: String?
        let extraordinary: String?
        let final: String?
    }

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
        ).all(decoding: Row.self).map { row in
            EnrolledGroup(
                enrolmentID: row.enrolment_id, groupID: row.group_id, groupCode: row.group_code, teacherAccountID: row.teacher_account_id,
                clave: row.clave, subject: row.subject_name, partials: [row.partial1, row.partial2, row.partial3],
                extraordinary: row.extraordinary, final: row.final)
        }
    }

    /// A weekly class of a group.
    struct Slot: Decodable, Sendable {
        let group_id: UUID
        let weekday: Int
        let starts_at: String
        let ends_at: String
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
        ).all(decoding: Slot.self)
    }
}
