import Hummingbird

/// How Patio classifies a request by its path, on the path as the router sees it.
///
/// The router ignores empty segments (`//api/v1/me` reaches `/api/v1/me`), so every check that tells API
/// calls from pages must ignore them too; otherwise a doubled slash would send an API route down the page
/// path (cookie authentication, CSRF only on POST).
public struct RequestPath: Sendable {
    /// Path prefixes outside `/api/` where modules serve the original apps' wire contracts: API calls like
    /// `/api/…` — bearer tokens, no CSRF, problem+json — whether or not a contract is switched on.
    public let compatPrefixes: [String]

    /// `compatPrefixes` come from the enabled modules' compatibility contracts.
    public init(compatPrefixes: [String] = []) {
        self.compatPrefixes = compatPrefixes
    }

    /// The path with empty segments removed: `//api///v1/` → `/api/v1`.
    public static func normalised(_ path: String) -> String {
        "/" + path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }

    /// Whether the request is a call to the JSON API (`/api/…`), bearer-authenticated, answered in problem+json.
    public func isAPI(_ request: Request) -> Bool {
        isAPI(request.uri.path)
    }

    public func isAPI(_ path: String) -> Bool {
        let path = Self.normalised(path)
        return path == "/api" || path.hasPrefix("/api/") || compatPrefixes.contains(where: path.hasPrefix)
    }

    /// Addresses programs read (the API, the contract, metrics): errors are problem documents there, never
    /// a page or a redirect to sign-in.
    public func isForMachines(_ path: String) -> Bool {
        let path = Self.normalised(path)
        return isAPI(path) || path.hasPrefix("/openapi") || path == "/metrics"
    }
}
