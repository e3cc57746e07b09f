import FluentPostgresDriver
import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit

/// PostgreSQL's LISTEN/NOTIFY, so that something that happens on one Patio instance can wake clients
/// connected to another. SQLite is one process by construction and has no use for it.
extension PatioDatabase {
    /// Sends `payload` on `channel` to every instance listening on this database. Inside a write it goes out
    /// with that write's commit, on its connection (PostgreSQL delivers notifications at commit); while a write of
    /// one statement is prepared (``write(statement:decoding:announcing:)``), inside that statement.
    public func notify(channel: String, payload: String) async throws {
        guard !isSQLite else { return }
        if let statementWrite = StatementWrite.of(ObjectIdentifier(self)) {
            return statementWrite.add(.init(channel: channel, payload: payload))
        }
        let database = try HeldTransaction.of(ObjectIdentifier(self)) ?? maintenance
        try await (try database.sql).raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    /// Listens on `channel` on a connection of its own until the task is cancelled, reconnecting after a lost
    /// connection. `listening` runs each time LISTEN is in place (with `true` after a reconnection, when
    /// notifications sent in between are lost and watchers should re-read); `received` runs for each payload.
    public func listen(
        channel: String,
        listening: @escaping @Sendable (_ afterReconnection: Bool) async -> Void,
        received: @escaping @Sendable (String) async -> Void
    ) async {
        guard case .postgres(let url) = settings, let configuration = try? SQLPostgresConfiguration(url: url) else { return }
        var attempt = 0
        var connectedBefore = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration.coreConfiguration,
                    id: 0, logger: logger
                )
                do {
                    try await connection.listen(on: channel) { notifications in
                        await listening(connectedBefore)
                        connectedBefore = true
                        attempt = 0
                        for try await notification in notifications {
                            await received(notification.payload)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                logger.warning("LISTEN connection lost; reconnecting", metadata: ["channel": "\(channel)", "error": "\(error)"])
            }
            attempt += 1
            // 0.1 s, 0.2 s … capped at 5 s: quick after a blip, gentle while the server is down.
            try? await Task.sleep(for: .milliseconds(min(5_000, 100 << min(attempt, 6))))
        }
    }
}
