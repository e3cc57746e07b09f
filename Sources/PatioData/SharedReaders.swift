import FluentKit
import Logging
import NIOCore
import PatioCore
import SQLKit

/// SQLite's read connections, taken from their pool once and kept until the database closes.
///
/// Borrowing a connection from the pool for every read cost more than most reads: a trip to the pool's event
/// loop, a task, and each row handed to that loop on its own. Patio takes the reader pool's connections at
/// start instead, and a read runs on whichever is free (`SharedReader`): from the request's task to a
/// statement thread and back, nothing else (its SQL goes straight to SQLite, see `SQLiteDirect`).
final class SharedReaders: Sendable {
    /// What `PatioDatabase.reader` hands out on SQLite.
    let reader: SharedReader
    private let releases: [AsyncStream<Void>.Continuation]
    private let holders: [Task<Void, any Error>]

    private init(reader: SharedReader, releases: [AsyncStream<Void>.Continuation], holders: [Task<Void, any Error>]) {
        self.reader = reader
        self.releases = releases
        self.holders = holders
    }

    private static var unavailable: AppError {
        AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.")
    }

    /// Takes the connection `databases`' pool for `id` keeps on each of `loops` (FluentSQLiteDriver keeps
    /// one per event loop, whatever the configuration asks).
    static func take(of id: DatabaseID, from databases: Databases, loops: [any EventLoop], logger: Logger) async throws -> SharedReaders {
        var connections: [(database: any Database, sql: any SQLDatabase)] = []
        var releases: [AsyncStream<Void>.Continuation] = []
        var holders: [Task<Void, any Error>] = []
        for loop in loops {
            guard let pooled = databases.database(id, logger: logger, on: loop) else {
                await giveBack(releases, holders)
                throw unavailable
            }
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
            guard let connection = await waiting.next(), let sql = SQLiteDirect.sql(under: connection) ?? connection as? any SQLDatabase
            else {
                await giveBack(releases, holders)
                try await holder.value
                throw unavailable
            }
            connections.append((connection, sql))
        }
        guard !connections.isEmpty else { throw unavailable }
        let reader = SharedReader(connections: connections, turns: ReadTurns(connections: connections.count))
        return SharedReaders(reader: reader, releases: releases, holders: holders)
    }

    /// Gives every connection back to its pool, once the reads running on them have ended.
    func close() async {
        await reader.turns.close()
        await Self.giveBack(releases, holders)
    }

    /// Ends the tasks holding connections, which hands each back to its pool.
    private static func giveBack(_ releases: [AsyncStream<Void>.Continuation], _ holders: [Task<Void, any Error>]) async {
        for release in releases { release.finish() }
        for holder in holders { _ = try? await holder.value }
    }
}
