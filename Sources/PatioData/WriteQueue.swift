import FluentKit
import Foundation
import Logging
import Metrics
import PatioCore
import SQLKit
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The single SQLite writer that group-commits.
///
/// SQLite allows one writer at a time and a durable commit costs an fsync. Instead of letting every
/// request fight for the lock and pay its own fsync, requests hand their write to this queue. The writer
/// drains whatever is queued into one transaction, runs each write inside its own SAVEPOINT (a failing
/// write rolls back only itself), commits once, and only then resumes the callers. Many requests, one
/// fsync, and no caller hears "done" before its data is on disk.
public final class WriteQueue: Sendable {
    struct Job: Sendable {
        let run: @Sendable (any Database) async throws -> Void
        let complete: @Sendable ((any Error)?) -> Void
    }

    private let pending = NIOLockedValueBox<[Job]>([])
    private let closed = NIOLockedValueBox(false)
    private let doorbell: AsyncStream<Void>.Continuation
    private let runner = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let maximumBatch: Int
    private let depthGauge = Gauge(label: "patio_commit_queue_depth")
    private let batchSize = Recorder(label: "patio_commit_batch_size")

    /// Starts the writer on `database`: one connection, the only one that writes. With `loop`, the writer's
    /// task runs on that loop's thread (`EventLoopTaskExecutor`), the one its connection's statements run on.
    init(database: any Database, loop: (any EventLoop)? = nil, maximumBatch: Int = 256, logger: Logger) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.doorbell = continuation
        self.maximumBatch = maximumBatch
        let executor = loop.map(EventLoopTaskExecutor.init)
        let task = Task(executorPreference: executor) { [pending, depthGauge, batchSize] in
            for await _ in stream {
                while true {
                    let batch: [Job] = pending.withLockedValue { queue in
                        let taken = Array(queue.prefix(maximumBatch))
                        queue.removeFirst(taken.count)
                        return taken
                    }
                    if batch.isEmpty { break }
                    depthGauge.record(pending.withLockedValue { $0.count })
                    batchSize.record(batch.count)
                    await Self.commit(batch, on: database, logger: logger)
                }
            }
        }
        runner.withLockedValue { $0 = task }
    }

    /// Runs `body` inside the next group commit and returns its result once that commit is durable.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let result = NIOLockedValueBox<T?>(nil)
        // The request's turn is set down while its write waits for the writer and the disk: the writes of more
        // requests then wait together, and one commit carries them all.
        try await WorkTurn.setDown { try await self.enqueue(body, into: result) }
        return result.withLockedValue { $0! }
    }

    private func enqueue<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T, into result: NIOLockedValueBox<T?>) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let job = Job(
                run: { database in
                    let value = try await body(database)
                    result.withLockedValue { $0 = value }
                },
                complete: { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            )
            // Checked under the same lock `close` takes, so no job is queued after the writer stopped.
            // The doorbell rings under that lock too: rung after `close` finished the stream, it would be lost, and
            // the job with it.
            let accepted = closed.withLockedValue { isClosed in
                if isClosed { return false }
                pending.withLockedValue { $0.append(job) }
                doorbell.yield()
                return true
            }
            if !accepted {
                continuation.resume(throwing: AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is shutting down."))
            }
        }
    }

    /// Stops accepting work after draining what is queued.
    public func close() async {
        closed.withLockedValue { $0 = true }
        doorbell.finish()
        let task = runner.withLockedValue { $0 }
        await task?.value
    }

    /// Commits `batch`, completing each job with its outcome.
    private static func commit(_ batch: [Job], on database: any Database, logger: Logger) async {
        let outcomes = NIOLockedValueBox<[(any Error)?]>(Array(repeating: nil, count: batch.count))
        do {
            try await run(batch, on: database, outcomes: outcomes)
        } catch {
            // A lone write that failed by itself is its caller's error, not a failed commit.
            let ownFailure = batch.count == 1 && outcomes.withLockedValue { $0[0] } != nil
            if !ownFailure {
                logger.error("group commit failed", metadata: ["error": "\(error)", "batch": "\(batch.count)"])
            }
            outcomes.withLockedValue { $0 = Array(repeating: error, count: batch.count) }
        }
        let results = outcomes.withLockedValue { $0 }
        for (job, error) in zip(batch, results) { job.complete(error) }
    }

    /// Runs `batch` in one transaction on `connection`, each write in its own savepoint, noting each write's
    /// own failure in `outcomes`.
    ///
    /// The transaction is opened with SQL rather than `Database.transaction`: that one runs its body in a new
    /// task, which would leave the writer's thread (`EventLoopTaskExecutor`) for the default executor and put
    /// two thread switches back on every statement.
    private static func run(_ batch: [Job], on connection: any Database, outcomes: NIOLockedValueBox<[(any Error)?]>) async throws {
        let sql = try connection.sql
        try await sql.raw("BEGIN TRANSACTION").run()
        do {
            try await runInTransaction(batch, on: connection, sql: sql, outcomes: outcomes)
            try await sql.raw("COMMIT TRANSACTION").run()
        } catch {
            try? await sql.raw("ROLLBACK TRANSACTION").run()
            throw error
        }
    }

    private static func runInTransaction(
        _ batch: [Job], on transaction: any Database, sql: any SQLDatabase, outcomes: NIOLockedValueBox<[(any Error)?]>
    ) async throws {
        // A lone write needs no savepoint: the transaction itself is its rollback boundary.
        if batch.count == 1 {
            do {
                try await batch[0].run(transaction)
            } catch {
                outcomes.withLockedValue { $0[0] = error }
                throw error
            }
            return
        }
        for (index, job) in batch.enumerated() {
            try await sql.raw("SAVEPOINT patio_write").run()
            do {
                try await job.run(transaction)
                try await sql.raw("RELEASE SAVEPOINT patio_write").run()
            } catch {
                try await sql.raw("ROLLBACK TO SAVEPOINT patio_write").run()
                try await sql.raw("RELEASE SAVEPOINT patio_write").run()
                outcomes.withLockedValue { $0[index] = error }
            }
        }
    }
}
