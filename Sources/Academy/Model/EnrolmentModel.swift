import FluentKit
import Foundation

/// A student's place in one weekly schedule. Its class balance is the sum of its credit lots.
final class EnrolmentModel: Model, @unchecked Sendable {
    static let schema = "academy_enrolments"

    @ID(key: .id) var id: UUID?
    @Parent(key: "student_id") var student: StudentModel
    @Parent(key: "schedule_id") var schedule: ScheduleModel
    @Field(key: "is_active") var isActive: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "ended_at") var endedAt: Date?

    init() {}
}
