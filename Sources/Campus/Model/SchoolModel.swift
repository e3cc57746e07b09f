import FluentKit
import Foundation

/// A school of the institute (ESCOM, UPIICSA…), known by its SAES code.
final class SchoolModel: Model, @unchecked Sendable {
    static let schema = "campus_schools"

    @ID(key: .id) var id: UUID?
    /// SAES's code, lower-case: `escom`, `upiicsa`, `cecyt9`.
    @Field(key: "code") var code: String
    @Field(key: "name") var name: String

    init() {}
}

extension CampusMigrations {
    struct CreateSchools: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SchoolModel.schema)
                .id()
                .field("code", .string, .required)
                .field("name", .string, .required)
                .unique(on: "code")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(SchoolModel.schema).delete() }
    }
}
