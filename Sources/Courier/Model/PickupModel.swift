import FluentKit
import Foundation

/// A parcel to collect from a sender, assigned to one agent (`courier.pickups` syncs it to their devices).
final class PickupModel: Model, @unchecked Sendable {
    static let schema = "courier_pickups"

    @ID(key: .id) var id: UUID?
    /// A short number people read out on the phone (`R-000042`), increasing.
    @Field(key: "number") var number: Int
    @Field(key: "sender_name") var senderName: String
    @Field(key: "phone") var phone: String
    @Field(key: "address") var address: String
    @Field(key: "locality_id") var localityID: UUID
    /// The locality's code and name when the pickup was made, so the pickup reads the same if the network changes.
    @Field(key: "locality_code") var localityCode: String
    @Field(key: "locality_name") var localityName: String
    /// The day (`yyyy-MM-dd`) and window (`HH:mm`) in the locality's time zone.
    @Field(key: "day") var day: String
    @Field(key: "window_start") var windowStart: String
    @Field(key: "window_end") var windowEnd: String
    /// Whole Colombian pesos.
    @Field(key: "declared_value") var declaredValue: Int
    @Field(key: "price") var price: Int
    @Field(key: "notes") var notes: String
    @Field(key: "agent_id") var agentID: UUID
    /// The assigned agent's account: the sync scope of the pickup.
    @Field(key: "agent_account_id") var agentAccountID: UUID
    @Field(key: "state") var state: String
    @OptionalField(key: "failure_reason") var failureReason: String?
    /// When the agent marked it collected or failed (as the device recorded it), and where, if they shared it.
    @OptionalField(key: "finished_at") var finishedAt: Date?
    @OptionalField(key: "latitude") var latitude: Double?
    @OptionalField(key: "longitude") var longitude: Double?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension CourierMigrations {
    struct CreatePickups: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PickupModel.schema)
                .id()
                .field("number", .int, .required)
                .field("sender_name", .string, .required)
                .field("phone", .string, .required)
                .field("address", .string, .required)
                .field("locality_id", .uuid, .required, .references(LocalityModel.schema, "id"))
                .field("locality_code", .string, .required)
                .field("locality_name", .string, .required)
                .field("day", .string, .required)
                .field("window_start", .string, .required)
                .field("window_end", .string, .required)
                .field("declared_value", .int, .required)
                .field("price", .int, .required)
                .field("notes", .string, .required)
                .field("agent_id", .uuid, .required, .references(AgentModel.schema, "id"))
                .field("agent_account_id", .uuid, .required)
                .field("state", .string, .required)
                .field("failure_reason", .string)
                .field("finished_at", .datetime)
                .field("latitude", .double)
                .field("longitude", .double)
                .field("created_at", .datetime, .required)
                .field("updated_at", .datetime, .required)
                .unique(on: "number")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PickupModel.schema).delete() }
    }
}
