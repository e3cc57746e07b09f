import FluentKit
import Foundation

/// A field agent: the Patio account that signs in plus what the Controller APP shows and sends about them.
final class AgentModel: Model, @unchecked Sendable {
    static let schema = "courier_agents"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    /// `Usuario`: the login name the original app sends, lower-case, unique.
    @Field(key: "usuario") var usuario: String
    /// `Identificacion`: the national id number, unique.
    @Field(key: "identificacion") var identificacion: String
    @Field(key: "first_name") var firstName: String
    @Field(key: "surname1") var surname1: String
    @Field(key: "surname2") var surname2: String
    /// `Cargo`.
    @Field(key: "position") var position: String
    @Field(key: "service_centre_id") var serviceCentreID: Int
    @Field(key: "service_centre_name") var serviceCentreName: String
    /// The locality the agent works from (its DANE code), whose time zone sets the agent's day.
    @Field(key: "home_locality_code") var homeLocalityCode: String
    /// Courier's own flag: an inactive agent keeps their account but gets no pickups and cannot work.
    @Field(key: "is_active") var isActive: Bool
    /// The number the agent's next photo takes; only ever grows, so a name is never reused.
    @Field(key: "next_photo_number") var nextPhotoNumber: Int
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension CourierMigrations {
    struct CreateAgents: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(AgentModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("usuario", .string, .required)
                .field("identificacion", .string, .required)
                .field("first_name", .string, .required)
                .field("surname1", .string, .required)
                .field("surname2", .string, .required)
                .field("position", .string, .required)
                .field("service_centre_id", .int, .required)
                .field("service_centre_name", .string, .required)
                .field("home_locality_code", .string, .required)
                .field("is_active", .bool, .required)
                .field("next_photo_number", .int, .required)
                .field("created_at", .datetime, .required)
                .field("updated_at", .datetime, .required)
                .unique(on: "account_id")
                .unique(on: "usuario")
                .unique(on: "identificacion")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(AgentModel.schema).delete() }
    }
}
