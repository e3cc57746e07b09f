import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTPTypes

/// Closes connections that go quiet for too long, from the first byte on.
///
/// Hummingbird's HTTP/1 + WebSocket pipeline installs its idle timeout only once a request head has been
/// understood; a connection that sends a head it cannot parse (a NUL in a header, a request line such as
/// `GARBAGE`) or sends nothing at all was never answered and held a file descriptor for ever. This guard
/// sits at the front of every connection and closes it after `readTimeout` without a byte from the
/// client. Open WebSockets stay alive: Patio pings them every 30 seconds and the browser's pong is a read.
///
/// A client that has sent a whole request and waits for its answer is silent too: while Patio works on it
/// (a large CSV import, a slow outside system) the connection stays open, or the answer would be lost.
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

/// What `RequestsBeingAnswered` tells the guard at the front of the pipeline, as an outbound user event.
private enum AnswerEvent: Sendable {
    /// A whole request has arrived; the client now waits in silence for its answer.
    case requestReceived
    /// The answer's last part has been written.
    case answered
}

/// Closes the connection when `IdleStateHandler` reports that the client has been silent too long, unless a
/// request the client finished sending is still being answered.
private final class CloseWhenIdle: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    private var requestsBeingAnswered = 0

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            if requestsBeingAnswered == 0 { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard let answer = event as? AnswerEvent else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        switch answer {
        case .requestReceived: requestsBeingAnswered += 1
        case .answered: requestsBeingAnswered = max(0, requestsBeingAnswered - 1)
        }
        promise?.succeed()
    }
}

/// Sits after HTTP decoding and tells `CloseWhenIdle` when a request has fully arrived and when its answer
/// has been written, so a request that takes longer than the read timeout still gets its answer.
private final class RequestsBeingAnswered: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { context.triggerUserOutboundEvent(AnswerEvent.requestReceived, promise: nil) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd = if case .end = unwrapOutboundIn(data) { true } else { false }
        context.write(data, promise: promise)
        if isEnd { context.triggerUserOutboundEvent(AnswerEvent.answered, promise: nil) }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with WebSocket upgrades (as `.http1WebSocketUpgrade`), with connections silent for
    /// `readTimeout` closed whatever state their request is in, except while Patio answers a whole request.
    static func patioHTTP1<Router: HTTPResponderBuilder>(webSocketRouter: Router, readTimeout: TimeAmount) -> HTTPServerBuilder
    where Router.Responder.Context: WebSocketRequestContext {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            StalledConnectionGuard(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder,
                    webSocketResponder: webSocketResponder,
                    configuration: .init(http1: .init(additionalChannelHandlers: [RequestsBeingAnswered()]))
                ),
                readTimeout: readTimeout
            )
        }
    }
}
