import AsyncHTTPClient
import NIOCore

/// The HTTP client Patio reaches SAES with. It follows no redirects itself, so each hop's cookies are kept
/// (``SAESHTTP`` follows them). The one a running Patio makes is shut down when Patio stops; ``shared`` lives as
/// long as the process, for tools and tests.
public struct SAESHTTPClient: Sendable {
    let client: HTTPClient

    static let configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(30)))

    /// A client of its own, which whoever made it shuts down.
    public static func make() -> SAESHTTPClient {
        SAESHTTPClient(client: HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration))
    }

    /// One client for the whole process, never shut down.
    public static let shared = SAESHTTPClient.make()

    /// Closes its connections; requests still in flight fail as unreachable. A second call does nothing.
    public func shutdown() async {
        try? await client.shutdown()
    }
}
