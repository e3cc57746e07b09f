import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import ServiceLifecycle

/// What a WebSocket route does once the upgrade is allowed: read `inbound`, write `outbound`.
public typealias WebSocketSession =
    @Sendable (
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, _ context: PatioRequestContext
    ) async throws -> Void

extension PatioRoutes {
    /// Declares a WebSocket route (`GET` with `Upgrade: websocket`) under the same access rule as any other
    /// route. `prepare` runs before the upgrade with the authenticated context: it checks that the resource
    /// exists and that the caller may watch it, and returns the session to run. Anything it throws is
    /// answered as a normal HTTP problem, so a refused upgrade reads exactly like a refused request.
    public func webSocket(
        _ path: String,
        _ access: Access,
        prepare: @escaping @Sendable (Request, PatioRequestContext) async throws -> WebSocketSession
    ) {
        record(RouteDescriptor(method: .get, path: path, access: access))
        router.ws(RouterPath(path)) { request, context in
            try context.authorize(access, request: request)
            // `Upgrade` is a hop-by-hop header and never reaches the router; every handshake carries a key.
            guard request.headers[.secWebSocketKey] != nil else {
                throw AppError(.upgradeRequired, code: "websocket_required", detail: "This address is a WebSocket: connect with Upgrade: websocket.")
            }
            // A browser sends the session cookie with any page's WebSocket, so a page on another site could
            // watch a signed-in user's data (cross-site WebSocket hijacking): cookie sessions must come from
            // Patio's own pages. A bearer token is something no other site's page can attach.
            if request.headers[.authorization] == nil, let origin = request.headers[.origin],
                !WebSocketOrigin.matches(origin, host: request.head.authority)
            {
                throw AppError(.forbidden, code: "websocket_origin_refused", detail: "WebSockets are accepted only from Patio's own pages.")
            }
            context.webSocketSession.store(try await prepare(request, context))
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, webSocketContext in
            let context = webSocketContext.requestContext
            guard let session = context.webSocketSession.take() else { return }
            // A watching client must not hold up a graceful shutdown: its session ends and the socket closes.
            try await cancelWhenGracefulShutdown { try await session(inbound, outbound, context) }
        }
    }
}

/// Hands the session prepared before the upgrade to the code that runs after it (the request context is
/// a value; this box is the part both sides share).
final class WebSocketSessionSlot: @unchecked Sendable {
    private let lock = NSLock()
    private var session: WebSocketSession?

    func store(_ session: @escaping WebSocketSession) {
        lock.withLock { self.session = session }
    }

    func take() -> WebSocketSession? {
        lock.withLock {
            defer { session = nil }
            return session
        }
    }
}

/// Same-origin check for WebSocket upgrades: the Origin's host and port must be the ones the request was
/// sent to (the scheme may differ behind a TLS-terminating proxy).
enum WebSocketOrigin {
    static func matches(_ origin: String, host: String?) -> Bool {
        guard let host = host?.lowercased(), let url = URL(string: origin.lowercased()), let originHost = url.host else { return false }
        if let port = url.port { return host == "\(originHost):\(port)" }
        return host == originHost || host == "\(originHost):80" || host == "\(originHost):443"
    }
}
