import FluentKit
import Foundation

/// A check-in: one student at one session (schedule + local date). Unique per session, so a second scan is refused
/// by the database itself.
final class AttendanceModel: Model, @unchecked Sendable {
    static let schema = "academy_attendances"

    @ID(key: .id) var id: UUID?
    @Field(key: "enrolment_id") var enrolmentID: UUID
    @Field(key: "student_id") var studentID: UUID
    @Field(key: "schedule_id") var scheduleID: UUID
    @Field(key: "location_id") var locationID: UUID
    @Field(key: "session_date") var sessionDate: String
    @Field(key: "checked_in_at") var checkedInAt: Date

    init() {}
}
