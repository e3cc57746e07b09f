import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// Per-request state every Patio handler sees.
public struct PatioRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by the authentication middleware when the request carries a valid session.
    public var principal: Principal?
    /// The language pages and messages are rendered in.
    public var locale: PatioLocale = .default
    /// The reader's time zone as their browser reports it (`patio_tz` cookie), nil until it has; pages fall
    /// back to the zone of what they show (a module's own place, such as a school's or a branch's).
    public var timeZone: TimeZone?
    /// The double-submit CSRF token for forms on web pages.
    public var csrfToken: String = ""
    /// The peer address, before any proxy header is considered.
    public let peerAddress: String?
    /// Where a route that upgrades to a WebSocket leaves its handler for the server channel.
    public let webSocket = WebSocketHandlerReference<PatioRequestContext>()
    /// The session a WebSocket route prepared before the upgrade, for the code that runs after it.
    let webSocketSession = WebSocketSessionSlot()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON bodies are read by `RequestBody` with their own smaller limit; this bounds everything else.
    public var maxUploadSize: Int { 8 * 1024 * 1024 }

    /// The principal, or 401 when the request is anonymous.
    public func requirePrincipal() throws -> Principal {
        guard let principal else { throw AppError.unauthenticated }
        return principal
    }

    /// Enforces a route's access rule: 401 when anonymous, 403 when signed in without the role.
    public func authorize(_ access: Access, request: Request) throws {
        switch access {
        case .everyone:
            return
        case .signedIn:
            _ = try requirePrincipal()
        case .role(let role):
            let principal = try requirePrincipal()
            guard principal.has(role: role) else {
                throw AppError.forbidden("This needs the role \(role).")
            }
        case .anyRole(let roles):
            let principal = try requirePrincipal()
            guard roles.contains(where: principal.has(role:)) else {
                throw AppError.forbidden("This needs one of the roles \(roles.joined(separator: ", ")).")
            }
        case .monitoring(let monitoring):
            try monitoring.authorize(request, peer: peerAddress)
        }
    }
}
