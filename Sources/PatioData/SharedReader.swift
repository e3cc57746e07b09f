import FluentKit
import NIOCore
import PatioCore
import SQLKit
import Synchronization

/// One of `SharedReaders`' connections as a request sees it: every statement passes a `ReadGate`, so the
/// connection goes back to its pool (which closes it) only once no statement is running on it, and a
/// statement asked for after that is refused as 503 instead of reaching a closed handle.
struct SharedReader: Database, SQLDatabase {
    let base: any Database
    let baseSQL: any SQLDatabase
    let gate: ReadGate

    // Database

    var context: DatabaseContext { base.context }
    var inTransaction: Bool { false }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        gated { base.execute(query: query, onOutput: onOutput) }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        gated { base.execute(schema: schema) }
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        gated { base.execute(enum: `enum`) }
    }

    /// Statements of other requests run on this connection meanwhile, so it cannot hold a transaction.
    /// Patio's writes go through `PatioDatabase.write`; nothing opens one on a reader.
    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        eventLoop.makeFailedFuture(
            AppError(.internalServerError, code: "read_transaction", detail: "A transaction was opened on a read connection."))
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    // SQLDatabase

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var dialect: any SQLDialect { baseSQL.dialect }
    var version: (any SQLDatabaseReportedVersion)? { baseSQL.version }
    var queryLogLevel: Logger.Level? { baseSQL.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        gated { baseSQL.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try gate.enter()
        defer { gate.leave() }
        try await baseSQL.execute(sql: query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    private func gated(_ statement: () -> EventLoopFuture<Void>) -> EventLoopFuture<Void> {
        do {
            try gate.enter()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        return statement().always { _ in gate.leave() }
    }
}

/// Counts the statements running on shared read connections and, once closed, refuses new ones.
final class ReadGate: Sendable {
    private struct State {
        var closed = false
        var running = 0
        var drained: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    /// Lets a statement start, or throws 503 once the gate is closed.
    func enter() throws {
        let open = state.withLock { state in
            if state.closed { return false }
            state.running += 1
            return true
        }
        if !open { throw AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.") }
    }

    /// Marks a statement as ended.
    func leave() {
        let drained = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.running -= 1
            guard state.closed, state.running == 0 else { return nil }
            defer { state.drained = nil }
            return state.drained
        }
        drained?.resume()
    }

    /// Refuses new statements and returns once every running one has ended.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = state.withLock { state in
                state.closed = true
                if state.running == 0 { return false }
                state.drained = continuation
                return true
            }
            if !waiting { continuation.resume() }
        }
    }
}
