import Foundation

/// A web origin (scheme, host, port): the one place an SAES session's cookies may go.
///
/// Patio follows SAES's redirects and its CAPTCHA address by hand; each hop is checked against the portal's
/// origin before anything — the `.ASPXFORMSAUTH` ticket least of all — is sent.
public struct SAESOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int

    /// The origin of an absolute address; nil when it has no scheme or host (or a port that is not one).
    public init?(_ address: String) {
        guard let url = URL(string: address) else { return nil }
        self.init(url)
    }

    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        guard (1...65535).contains(port) else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    public var description: String { "\(scheme)://\(host):\(port)" }
}
