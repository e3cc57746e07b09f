import FluentKit
import Foundation

/// A study plan of a career (`2020`): the subjects a student must pass and their credits.
final class PlanModel: Model, @unchecked Sendable {
    static let schema = "campus_plans"

    @ID(key: .id) var id: UUID?
    @Field(key: "career_id") var careerID: UUID
    /// The plan's code, unique within the career: `2020`.
    @Field(key: "code") var code: String

    init() {}
}

extension CampusMigrations {
    struct CreatePlans: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PlanModel.schema)
                .id()
                .field("career_id", .uuid, .required, .references(CareerModel.schema, "id"))
                .field("code", .string, .required)
                .unique(on: "career_id", "code")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PlanModel.schema).delete() }
    }
}
