import FluentKit
import Foundation

/// One line of a pickup's history: who moved it from which state to which, when, and why.
final class PickupEventModel: Model, @unchecked Sendable {
    static let schema = "courier_pickup_events"

    @ID(key: .id) var id: UUID?
    @Field(key: "pickup_id") var pickupID: UUID
    @Field(key: "at") var at: Date
    @Field(key: "actor_account_id") var actorAccountID: UUID
    /// Empty for the creation line.
    @Field(key: "from_state") var fromState: String
    @Field(key: "to_state") var toState: String
    /// The failure reason, or the agent a reassignment went to (their name, as it read then).
    @Field(key: "detail") var detail: String

    init() {}
}

extension CourierMigrations {
    struct CreatePickupEvents: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PickupEventModel.schema)
                .id()
                .field("pickup_id", .uuid, .required, .references(PickupModel.schema, "id"))
                .field("at", .datetime, .required)
                .field("actor_account_id", .uuid, .required)
                .field("from_state", .string, .required)
                .field("to_state", .string, .required)
                .field("detail", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PickupEventModel.schema).delete() }
    }
}
