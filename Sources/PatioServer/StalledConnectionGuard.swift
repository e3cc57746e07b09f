import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Closes connections that go quiet for too long, from the first byte on.
///
/// Hummingbird's HTTP/1 + WebSocket pipeline installs its idle timeout only once a request head has been
/// understood; a connection that sends a head it cannot parse (a NUL in a header, a request line such as
/// `GARBAGE`) or sends nothing at all was never answered and held a file descriptor for ever. This guard
/// sits at the front of every connection and closes it after `readTimeout` without a byte from the
/// client. Open WebSockets stay alive: Patio pings them every 30 seconds and the browser's pong is a read.
struct StalledConnectionGuard<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let readTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: readTimeout))
            try channel.pipeline.syncOperations.addHandler(CloseWhenIdle())
        }.flatMap { base.setup(channel: channel, logger: logger) }
    }

    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes the connection when `IdleStateHandler` reports that the client has been silent too long.
private final class CloseWhenIdle: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades (as `.http1WebSocketUpgrade`), with connections silent for
    /// `readTimeout` closed whatever state their request is in.
    static func patioHTTP1<Router: HTTPResponderBuilder>(webSocketRouter: Router, readTimeout: TimeAmount) -> HTTPServerBuilder
    where Router.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            StalledConnectionGuard(
                base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSocketResponder, configuration: .init()),
                readTimeout: readTimeout
            )
        }
    }
}
