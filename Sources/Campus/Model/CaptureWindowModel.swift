import FluentKit
import Foundation

/// When teachers may capture one assessment (say the 2nd partial) of a period.
final class CaptureWindowModel: Model, @unchecked Sendable {
    static let schema = "campus_capture_windows"

    @ID(key: .id) var id: UUID?
    @Field(key: "period_id") var periodID: UUID
    @Field(key: "assessment") var assessment: String
    @Field(key: "opens_at") var opensAt: Date
    @Field(key: "closes_at") var closesAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateCaptureWindows: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(CaptureWindowModel.schema)
                .id()
                .field("period_id", .uuid, .required, .references(PeriodModel.schema, "id"))
                .field("assessment", .string, .required)
                .field("opens_at", .datetime, .required)
                .field("closes_at", .datetime, .required)
                .unique(on: "period_id", "assessment")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(CaptureWindowModel.schema).delete() }
    }
}
