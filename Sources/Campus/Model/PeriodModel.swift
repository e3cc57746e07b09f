import FluentKit
import Foundation

/// A school period (`2026/1`) with its first and last day. Closing it turns its finals into kardex lines and
/// freezes its grades.
final class PeriodModel: Model, @unchecked Sendable {
    static let schema = "campus_periods"

    @ID(key: .id) var id: UUID?
    @Field(key: "code") var code: String
    /// `yyyy-MM-dd`, the school's local dates.
    @Field(key: "starts_on") var startsOn: String
    @Field(key: "ends_on") var endsOn: String
    @OptionalField(key: "closed_at") var closedAt: Date?

    init() {}
}

extension CampusMigrations {
    struct CreatePeriods: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PeriodModel.schema)
                .id()
                .field("code", .string, .required)
                .field("starts_on", .string, .required)
                .field("ends_on", .string, .required)
                .field("closed_at", .datetime)
                .unique(on: "code")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PeriodModel.schema).delete() }
    }
}
