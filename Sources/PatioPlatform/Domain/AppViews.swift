import Foundation
import PatioCore

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

extension JSONValue {
    /// Whether this value has the shape `kind` promises.
    func fits(_ kind: ConfigKind) -> Bool {
        switch (kind, self) {
        case (.string, .string), (.bool, .bool), (.flag, .bool), (.number, .number): true
        case (.json, _): true
        default: false
        }
    }

    /// No number in it (at any depth) is NaN or infinite: JSON cannot carry one, so a stored value like that
    /// would break every answer that serves it.
    var isFinite: Bool {
        switch self {
        case .number(let number): number.isFinite
        case .array(let values): values.allSatisfy(\.isFinite)
        case .object(let fields): fields.values.allSatisfy(\.isFinite)
        case .string, .bool, .null: true
        }
    }
}
