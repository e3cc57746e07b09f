import FluentKit
import Foundation

/// A photo an agent took: kept in their gallery or attached to one of their pickups as proof. The image
/// and its thumbnail live in the platform blob store.
final class PhotoModel: Model, @unchecked Sendable {
    static let schema = "courier_photos"

    @ID(key: .id) var id: UUID?
    @Field(key: "agent_id") var agentID: UUID
    @Field(key: "agent_account_id") var agentAccountID: UUID
    /// `photo-001`, `photo-002`, … per agent, from the agent's counter: never reused.
    @Field(key: "name") var name: String
    @OptionalField(key: "pickup_id") var pickupID: UUID?
    @Field(key: "blob_id") var blobID: UUID
    @Field(key: "thumbnail_blob_id") var thumbnailBlobID: UUID
    @Field(key: "content_type") var contentType: String
    @Field(key: "size") var size: Int
    @Field(key: "width") var width: Int
    @Field(key: "height") var height: Int
    /// Whether the stored image still carries its location (only when the agent allowed it).
    @Field(key: "has_location") var hasLocation: Bool
    /// The client's idempotency key: uploading again with it answers this photo instead of a new one.
    @Field(key: "client_key") var clientKey: String
    @Field(key: "digest") var digest: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension CourierMigrations {
    struct CreatePhotos: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PhotoModel.schema)
                .id()
                .field("agent_id", .uuid, .required, .references(AgentModel.schema, "id"))
                .field("agent_account_id", .uuid, .required)
                .field("name", .string, .required)
                .field("pickup_id", .uuid, .references(PickupModel.schema, "id"))
                .field("blob_id", .uuid, .required)
                .field("thumbnail_blob_id", .uuid, .required)
                .field("content_type", .string, .required)
                .field("size", .int, .required)
                .field("width", .int, .required)
                .field("height", .int, .required)
                .field("has_location", .bool, .required)
                .field("client_key", .string, .required)
                .field("digest", .string, .required)
                .field("created_at", .datetime, .required)
                .unique(on: "agent_id", "name")
                .unique(on: "agent_id", "client_key")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PhotoModel.schema).delete() }
    }
}
