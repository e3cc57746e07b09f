import Foundation
import OpenAPIRuntime
import PatioAPI

/// An app's remote config and feature flags, as last read.
public struct RemoteConfig: Sendable, Equatable {
    /// Every non-flag entry by key, as JSON values.
    public var values: JSONObject
    public var flags: [String: Bool]
    /// Patio's ETag for this document: sent back so an unchanged config costs a 304 and no body.
    public var etag: String?

    public func string(_ key: String) -> String? { values[key]?.string }
    public func number(_ key: String) -> Double? { values[key]?.number }
    public func isOn(_ flag: String) -> Bool { flags[flag] ?? false }
}

/// Reads an app's remote config with `If-None-Match`, so while nothing changed Patio answers 304 and the
/// kept copy is used.
public actor RemoteConfigCache {
    private let patio: Patio
    private let app: String
    public private(set) var current: RemoteConfig?
    /// How many reads Patio answered 304 (nothing new): for diagnostics and tests.
    public private(set) var notModifiedCount = 0

    public init(patio: Patio, app: String) {
        self.patio = patio
        self.app = app
    }

    /// The config, from Patio when it changed and from the kept copy when it did not. Offline, the kept
    /// copy is answered if there is one.
    public func refresh() async throws -> RemoteConfig {
        let output: Operations.GetRemoteConfig.Output
        do {
            output = try await patio.call { [app, current] in
                try await patio.api.getRemoteConfig(path: .init(app: app), headers: .init(ifNoneMatch: current?.etag))
            }
        } catch PatioError.offline(let reason) {
            if let current { return current }
            throw PatioError.offline(reason)
        }
        switch output {
        case .ok(let ok):
            guard case .json(let document) = ok.body else { throw PatioError.unexpected(status: 200) }
            let config = RemoteConfig(
                values: try SyncEngine.object(document.config.additionalProperties),
                flags: document.flags.additionalProperties, etag: ok.headers.eTag)
            current = config
            return config
        case .notModified:
            notModifiedCount += 1
            guard let current else { throw PatioError.unexpected(status: 304) }
            return current
        default:
            throw PatioError.unexpected(status: 0)
        }
    }
}
