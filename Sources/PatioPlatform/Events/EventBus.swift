import Foundation
import Logging
import PatioData

/// Tells watchers that something changed, on this instance and — on PostgreSQL — on every other instance
/// serving the same database (LISTEN/NOTIFY). Modules publish after their write has committed.
public struct EventBus: Sendable {
    /// This process's watchers.
    public let hub: EventHub
    private let send: @Sendable (_ topic: String, _ type: String) async throws -> Void
    private let logger: Logger
    /// Runs for as long as Patio serves, feeding signals from other instances into `hub`; nil when there
    /// are no other instances to hear from.
    public let relay: (@Sendable () async -> Void)?

    public init(hub: EventHub, logger: Logger, relay: (@Sendable () async -> Void)?, send: @escaping @Sendable (String, String) async throws -> Void)
    {
        self.hub = hub
        self.logger = logger
        self.relay = relay
        self.send = send
    }

    /// Tells every watcher of `topic` that it changed. The change itself is already committed, so a failure
    /// to notify is logged, never thrown: watchers catch up on the next signal or when they reconnect.
    public func publish(topic: String, type: String) async {
        do {
            try await send(topic, type)
        } catch {
            logger.warning("event not published", metadata: ["topic": "\(topic)", "error": "\(error)"])
        }
    }

    /// Signals for `topic`, once signals from other instances are being received too (waits at most
    /// `readyTimeout` for the relay, then watches anyway).
    public func watch(_ topic: String, readyTimeout: Duration = .seconds(5)) async -> AsyncStream<TopicSignal> {
        await hub.untilReady(timeout: readyTimeout)
        return await hub.watch(topic)
    }

    /// One process, no relay: what SQLite deployments and tests of a single instance use.
    public static func inProcess(logger: Logger) -> EventBus {
        let hub = EventHub()
        return EventBus(hub: hub, logger: logger, relay: nil) { topic, type in await hub.deliver(topic: topic, type: type) }
    }

    /// The bus for `database`: in-process on SQLite; on PostgreSQL every signal goes through NOTIFY, and the
    /// relay LISTENs so each instance (this one included) hands it to its own watchers.
    public static func live(database: PatioDatabase, logger: Logger) -> EventBus {
        guard !database.isSQLite else { return inProcess(logger: logger) }
        let hub = EventHub(ready: false)
        let channel = "patio_events"
        return EventBus(
            hub: hub, logger: logger,
            relay: {
                await database.listen(
                    channel: channel,
                    listening: { afterReconnection in
                        await hub.markReady()
                        if afterReconnection { await hub.resyncEveryone() }
                    },
                    received: { payload in
                        guard let event = try? JSONDecoder().decode(WireEvent.self, from: Data(payload.utf8)) else { return }
                        await hub.deliver(topic: event.topic, type: event.type)
                    })
            },
            send: { topic, type in
                let payload = String(decoding: try JSONEncoder().encode(WireEvent(topic: topic, type: type)), as: UTF8.self)
                try await database.notify(channel: channel, payload: payload)
            })
    }

    private struct WireEvent: Codable {
        var topic: String
        var type: String
    }
}
