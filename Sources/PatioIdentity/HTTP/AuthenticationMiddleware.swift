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

    public init(sessions: SessionService) {
        self.sessions = sessions
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let token = Self.token(in: request) {
            context.principal = try await sessions.resolve(token: token)
        }
        return try await next(request, context)
    }

    static func token(in request: Request) -> String? {
        if request.uri.path.hasPrefix("/api/") {
            guard let header = request.headers[.authorization] else { return nil }
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        return request.cookies[sessionCookie]?.value
    }
}

/// The client's address for throttling: the socket peer, or the first `X-Forwarded-For` hop when configured.
public enum ClientAddress {
    public static func of(_ request: Request, context: PatioRequestContext, trustForwardedFor: Bool) -> String {
        if trustForwardedFor, let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!] {
            if let first = forwarded.split(separator: ",").first?.trimmingCharacters(in: .whitespaces), !first.isEmpty {
                return first
            }
        }
        return context.peerAddress ?? "unknown"
    }
}
