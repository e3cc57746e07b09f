import FluentKit
import Foundation

/// A mobile app Patio serves, with the versions it accepts and where to update it.
public final class ClientAppModel: Model, @unchecked Sendable {
    public static let schema = "client_apps"

    @ID(key: .id) public var id: UUID?
    @Field(key: "slug") public var slug: String
    @Field(key: "name") public var name: String
    @Field(key: "latest_version") public var latestVersion: String
    @Field(key: "minimum_version") public var minimumVersion: String
    @OptionalField(key: "store_url") public var storeURL: String?
    @Field(key: "updated_at") public var updatedAt: Date
    @Children(for: \.$app) public var entries: [ConfigEntryModel]

    public init() {}

    public init(slug: String, name: String, latest: String, minimum: String, storeURL: String?, updatedAt: Date) {
        self.id = UUID()
        self.slug = slug
        self.name = name
        self.latestVersion = latest
        self.minimumVersion = minimum
        self.storeURL = storeURL
        self.updatedAt = updatedAt
    }
}
