import FluentKit
import Foundation

/// One session of a weekly schedule that will not be held (the teacher is ill, a holiday): the schedule and its
/// local date, `yyyy-MM-dd` in the academy's time zone, as attendance names sessions. Unique per session.
final class SessionCancellationModel: Model, @unchecked Sendable {
    static let schema = "academy_session_cancellations"

    @ID(key: .id) var id: UUID?
    @Field(key: "schedule_id") var scheduleID: UUID
    @Field(key: "session_date") var sessionDate: String
    @Field(key: "reason") var reason: String
    @Field(key: "created_at") var createdAt: Date
    /// The admin who cancelled it; nil when no account did.
    @OptionalField(key: "created_by") var createdBy: UUID?

    init() {}
}

extension AcademyMigrations {
    /// The sessions cancelled one at a time. The unique pair is also the index every lookup (check-in, the
    /// student's next session, the schedule's list) goes through.
    struct AddSessionCancellations: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SessionCancellationModel.schema)
                .id()
                .field("schedule_id", .uuid, .required, .references(ScheduleModel.schema, "id"))
                .field("session_date", .string, .required)
                .field("reason", .string, .required)
                .field("created_at", .datetime, .required)
                .field("created_by", .uuid)
                .unique(on: "schedule_id", "session_date")
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(SessionCancellationModel.schema).delete()
        }
    }
}
