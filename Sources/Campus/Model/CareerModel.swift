import FluentKit
import Foundation

/// A career a school offers (Ingeniería en Sistemas Computacionales…).
final class CareerModel: Model, @unchecked Sendable {
    static let schema = "campus_careers"

    @ID(key: .id) var id: UUID?
    @Field(key: "school_id") var schoolID: UUID
    /// Short code, unique within the school: `ISC`.
    @Field(key: "code") var code: String
    @Field(key: "name") var name: String

    init() {}
}

extension CampusMigrations {
    struct CreateCareers: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(CareerModel.schema)
                .id()
                .field("school_id", .uuid, .required, .references(SchoolModel.schema, "id"))
                .field("code", .string, .required)
                .field("name", .string, .required)
                .unique(on: "school_id", "code")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(CareerModel.schema).delete() }
    }
}
