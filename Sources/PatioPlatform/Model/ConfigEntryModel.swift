import FluentKit
import Foundation

/// One remote-config key or feature flag of an app. The value is stored as JSON text of its type.
public final class ConfigEntryModel: Model, @unchecked Sendable {
    public static let schema = "app_config_entries"

    @ID(key: .id) public var id: UUID?
    @Parent(key: "app_id") public var app: ClientAppModel
    @Field(key: "key") public var key: String
    @Field(key: "kind") public var kind: String
    @Field(key: "value_json") public var valueJSON: String
    @Field(key: "updated_at") public var updatedAt: Date

    public init() {}

    public init(appID: UUID, key: String, kind: ConfigKind, valueJSON: String, updatedAt: Date) {
        self.id = UUID()
        self.$app.id = appID
        self.key = key
        self.kind = kind.rawValue
        self.valueJSON = valueJSON
        self.updatedAt = updatedAt
    }
}

/// The types a remote-config entry can have; `flag` is a boolean feature flag reported separately.
public enum ConfigKind: String, Codable, Sendable, CaseIterable {
    case string, bool, number, json, flag
}
