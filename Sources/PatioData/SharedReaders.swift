import FluentKit
import Logging
import NIOCore
import NIOPosix
import PatioCore
import SQLKit

/// SQLite's read connections, opened once at start and kept until the database closes, each running its
/// statements on a thread of its own.
///
/// Borrowing a connection from the pool for every read cost more than most reads: a trip to the pool's event
/// loop, a task, and each row handed to that loop on its own. Patio takes one connection per event loop at start
/// instead, and a read runs on whichever is free (`SharedReader`): from the request's task to a statement thread
/// and back, nothing else (its SQL goes straight to SQLite, see `SQLiteDirect`). Each connection has its own
/// one-thread pool so that a request's reads can run on that very thread (`reading`), like the writer's.
final class SharedReaders: Sendable {
    /// What `PatioDatabase.reader` hands out on SQLite.
    let reader: SharedReader
    private let pools: [Databases]
    private let threads: [NIOThreadPool]
    private let releases: [AsyncStream<Void>.Continuation]
    private let holders: [Task<Void, any Error>]

    private init(
        reader: SharedReader, pools: [Databases], threads: [NIOThreadPool], releases: [AsyncStream<Void>.Continuation],
        holders: [Task<Void, any Error>]
    ) {
        self.reader = reader
        self.pools = pools
        self.threads = threads
        self.releases = releases
        self.holders = holders
    }

    private static var unavailable: AppError {
        AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.")
    }

    /// Opens one connection of `configuration` per loop of `loops`, each on a one-thread pool of its own.
    static func open(_ configuration: DatabaseConfigurationFactory, loops: [any EventLoop], logger: Logger) async throws -> SharedReaders {
        var opened = Opened()
        do {
            for loop in loops {
                let thread = NIOThreadPool(numberOfThreads: 1)
                thread.start()
                let pool = Databases(threadPool: thread, on: loop)
                pool.use(configuration, as: .reader)
                opened.threads.append(thread)
                opened.pools.append(pool)
                try await opened.hold(pool.database(.reader, logger: logger, on: loop))
            }
        } catch {
            await opened.close()
            throw error
        }
        guard !opened.connections.isEmpty else { throw unavailable }
        let reader = SharedReader(
            connections: opened.connections, executors: opened.threads.map(ThreadPoolTaskExecutor.init),
            turns: ReadTurns(connections: opened.connections.count))
        return SharedReaders(reader: reader, pools: opened.pools, threads: opened.threads, releases: opened.releases, holders: opened.holders)
    }

    /// Closes every connection, once the reads running on them have ended, and stops their threads.
    func close() async {
        await reader.turns.close()
        await Opened(pools: pools, threads: threads, releases: releases, holders: holders).close()
    }

    /// What `open` has opened so far, closed again in reverse when a later step fails.
    private struct Opened {
        var pools: [Databases] = []
        var threads: [NIOThreadPool] = []
        var releases: [AsyncStream<Void>.Continuation] = []
        var holders: [Task<Void, any Error>] = []
        var connections: [(database: any Database, sql: any SQLDatabase)] = []

        /// Borrows `pooled`'s connection for good: the pool lends it for as long as the closure runs, and this
        /// one runs until `close`.
        mutating func hold(_ pooled: (any Database)?) async throws {
            guard let pooled else { throw SharedReaders.unavailable }
            let (ready, readyContinuation) = AsyncStream<any Database>.makeStream()
            let (release, releaseContinuation) = AsyncStream<Void>.makeStream()
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
                try await holder.value
                throw SharedReaders.unavailable
            }
            connections.append((connection, sql))
        }

        /// Ends the tasks holding connections, which hands each back to its pool, then closes the pools and
        /// stops their threads.
        func close() async {
            for release in releases { release.finish() }
            for holder in holders { _ = try? await holder.value }
            for pool in pools { await pool.shutdownAsync() }
            for thread in threads { try? await thread.shutdownGracefully() }
        }
    }
}
