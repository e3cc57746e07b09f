import Foundation
import HTTPTypes
import Hummingbird
import PatioCore

/// Resolves the caller's session: `Authorization: Bearer` on `/api/…`, the session cookie on web pages.
///
/// Keeping the two apart means a browser cookie can never authorise an API call, so the API needs no CSRF
/// defence, and a leaked API token cannot be replayed as a cookie.
public struct AuthenticationMiddleware: RouterMiddleware {
    public typealias Context = PatioRequestContext
    public static let sessionCookie = "patio_session"

    let sessions: SessionService
    let paths: RequestPath

    public init(sessions: SessionService, paths: RequestPath) {
        self.sessions = sessions
        self.paths = paths
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = token(in: request) {
            context.principal = try await sessions.resolve(token: token)
        }
        return try await next(request, context)
    }

    func token(in request: Request) -> String? {
        if paths.isAPI(request) {
            return BearerToken.from(request.headers[.authorization])?.trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[Self.sessionCookie]?.value
    }
}

/// The client's address for throttling.
///
/// Behind `proxyHops` proxies of our own, each appended the address it was connected from to
/// `X-Forwarded-For`; everything to the left of those entries was written by the client and proves nothing.
/// So the client is the `proxyHops`-th entry from the right, never the leftmost. With no proxies configured
/// the header is ignored and the socket peer is the client.
public enum ClientAddress {
    public static func of(_ request: Request, context: PatioRequestContext, proxyHops: Int) -> String {
        let peer = context.peerAddress ?? "unknown"
        guard proxyHops > 0 else { return peer }
        let hops = request.headers[values: forwardedFor].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        return fromForwardedChain(hops, proxyHops: proxyHops) ?? peer
    }

    /// The entry our own `proxyHops` proxies vouch for, or nil when the chain is shorter or the entry is not an address.
    static func fromForwardedChain(_ hops: [String], proxyHops: Int) -> String? {
        guard proxyHops > 0, hops.count >= proxyHops else { return nil }
        let candidate = hops[hops.count - proxyHops]
        guard (2...45).contains(candidate.count), candidate.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else { return nil }
        return candidate
    }

    private static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
}
