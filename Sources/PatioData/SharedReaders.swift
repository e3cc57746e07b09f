import FluentKit
import Logging
import NIOCore
import PatioCore
import Synchronization

/// SQLite's read connections, each used by many requests at once.
///
/// Borrowing a connection from the pool for every read cost more than most reads: a trip to the pool's event
/// loop, a task, and each row handed to that loop on its own. SQLite connections here are opened in
/// serialized mode (SQLiteNIO's `FULLMUTEX`), so one connection may run statements from several threads at
/// once. Patio takes the reader pool's connections once, at start, keeps them until it closes, and hands them
/// out in turn: a read then goes from the request's task to a statement thread and back, nothing else. On
/// SQLite a read never waits for a free connection.
final class SharedReaders: Sendable {
    private let connections: [any Database]
    private let turn = Atomic<UInt>(0)
    private let gate: ReadGate
    private let releases: [AsyncStream<Void>.Continuation]
    private let holders: [Task<Void, any Error>]

    private init(connections: [any Database], gate: ReadGate, releases: [AsyncStream<Void>.Continuation], holders: [Task<Void, any Error>]) {
        self.connections = connections
        self.gate = gate
        self.releases = releases
        self.holders = holders
    }

    private static var unavailable: AppError {
        AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.")
    }

    /// Takes the connection `databases`' pool for `id` keeps on each of `loops` (FluentSQLiteDriver keeps
    /// one per event loop, whatever the configuration asks).
    static func take(of id: DatabaseID, from databases: Databases, loops: [any EventLoop], logger: Logger) async throws -> SharedReaders {
        let gate = ReadGate()
        var connections: [any Database] = []
        var releases: [AsyncStream<Void>.Continuation] = []
        var holders: [Task<Void, any Error>] = []
        for loop in loops {
            guard let pooled = databases.database(id, logger: logger, on: loop) else { throw unavailable }
            let (ready, readyContinuation) = AsyncStream<any Database>.makeStream()
            let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
            // The pool lends a connection for as long as the closure runs: this one runs until `close`.
            let holder = Task {
                defer { readyContinuation.finish() }
                try await pooled.withConnection { connection in
                    readyContinuation.yield(connection)
                    for await _ in release {}
                }
            }
            releases.append(releaseContinuation)
            holders.append(holder)
            var waiting = ready.makeAsyncIterator()
            guard let connection = await waiting.next() else {
                let taken = SharedReaders(connections: connections, gate: gate, releases: releases, holders: holders)
                await taken.close()
                try await holder.value
                throw unavailable
            }
            connections.append(SharedReader(base: connection, baseSQL: try connection.sql, gate: gate))
        }
        if connections.isEmpty { throw unavailable }
        return SharedReaders(connections: connections, gate: gate, releases: releases, holders: holders)
    }

    /// The next connection in turn.
    var next: any Database {
        connections[Int(turn.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(connections.count))]
    }

    /// Gives every connection back to its pool, once the reads running on them have ended.
    func close() async {
        await gate.close()
        for release in releases { release.finish() }
        for holder in holders { _ = try? await holder.value }
    }
}
