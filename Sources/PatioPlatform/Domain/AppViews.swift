import Foundation

/// Answer to "is my version still fine?".
public struct VersionStatus: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable { case upToDate, updateAvailable, updateRequired, ahead }
    public var latest: String
    public var minimum: String
    public var status: Status
    public var storeUrl: String?
}

/// A registered client app as admins see it.
public struct ClientAppView: Codable, Sendable, Equatable {
    public var slug: String
    public var name: String
    public var latestVersion: String
    public var minimumVersion: String
    public var storeUrl: String?
    public var updatedAt: Date
    public var entries: [ConfigEntryView]?
}

/// One config entry with its typed value.
public struct ConfigEntryView: Codable, Sendable, Equatable {
    public var key: String
    public var kind: ConfigKind
    public var value: JSONValue
}

/// The public remote-config document an app downloads.
public struct RemoteConfigDocument: Codable, Sendable, Equatable {
    public var app: String
    public var config: [String: JSONValue]
    public var flags: [String: Bool]
}

/// Any JSON value, for config entries of kind `json`.
public indirect enum JSONValue: Codable, Sendable, Equatable {
    case string(String), number(Double), bool(Bool), object([String: JSONValue]), array([JSONValue]), null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }

    /// Whether this value has the shape `kind` promises.
    func fits(_ kind: ConfigKind) -> Bool {
        switch (kind, self) {
        case (.string, .string), (.bool, .bool), (.flag, .bool), (.number, .number): true
        case (.json, _): true
        default: false
        }
    }
}
