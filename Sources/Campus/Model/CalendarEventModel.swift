import FluentKit
import Foundation

/// A day or span of the academic calendar: a period's start or end, vacations, extraordinary evaluations, or
/// anything else the school announces.
final class CalendarEventModel: Model, @unchecked Sendable {
    static let schema = "campus_calendar_events"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "period_id") var periodID: UUID?
    /// `period_start`, `period_end`, `vacations`, `extraordinary_evaluation` or `other`.
    @Field(key: "kind") var kind: String
    @Field(key: "title") var title: String
    @Field(key: "starts_on") var startsOn: String
    @Field(key: "ends_on") var endsOn: String

    init() {}
}

extension CampusMigrations {
    struct CreateCalendarEvents: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(CalendarEventModel.schema)
                .id()
                .field("period_id", .uuid, .references(PeriodModel.schema, "id"))
                .field("kind", .string, .required)
                .field("title", .string, .required)
                .field("starts_on", .string, .required)
                .field("ends_on", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(CalendarEventModel.schema).delete() }
    }
}
