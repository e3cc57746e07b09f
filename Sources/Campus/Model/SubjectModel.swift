import FluentKit
import Foundation

/// A subject of a study plan, by its clave.
final class SubjectModel: Model, @unchecked Sendable {
    static let schema = "campus_subjects"

    @ID(key: .id) var id: UUID?
    @Field(key: "plan_id") var planID: UUID
    /// The subject's key in the plan: `C101`.
    @Field(key: "clave") var clave: String
    @Field(key: "name") var name: String
    /// The semester the plan places it in, 1…12.
    @Field(key: "semester") var semester: Int
    /// Credits in hundredths (7.5 credits is 750), so sums are exact.
    @Field(key: "credits_hundredths") var creditsHundredths: Int

    init() {}
}

extension CampusMigrations {
    struct CreateSubjects: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SubjectModel.schema)
                .id()
                .field("plan_id", .uuid, .required, .references(PlanModel.schema, "id"))
                .field("clave", .string, .required)
                .field("name", .string, .required)
                .field("semester", .int, .required)
                .field("credits_hundredths", .int, .required)
                .unique(on: "plan_id", "clave")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(SubjectModel.schema).delete() }
    }
}
