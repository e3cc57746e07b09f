import Foundation
import PatioAPI

/// How the installed version of an app stands against what its owners published.
public enum VersionCheck: Sendable, Equatable {
    case upToDate
    /// A newer version exists; this one is still supported.
    case updateAvailable(latest: String, storeURL: URL?)
    /// This version is no longer supported: the app should stop and send the person to the store.
    case updateRequired(minimum: String, storeURL: URL?)
    /// Newer than anything published (a beta, a developer build).
    case ahead
}

extension Patio {
    /// Compares `current` (the installed version, `2.4.1`) with the versions published for `app` (its slug).
    public func checkVersion(app: String, current: String) async throws -> VersionCheck {
        let output = try await call { try await api.getVersionStatus(path: .init(app: app), query: .init(current: current)) }
        guard case .ok(let ok) = output, case .json(let status) = ok.body else { throw PatioError.unexpected(status: 0) }
        let store = status.storeUrl.flatMap(URL.init(string:))
        switch status.status {
        case .upToDate: return .upToDate
        case .updateAvailable: return .updateAvailable(latest: status.latest, storeURL: store)
        case .updateRequired: return .updateRequired(minimum: status.minimum, storeURL: store)
        case .ahead: return .ahead
        }
    }
}
