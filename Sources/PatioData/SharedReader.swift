import FluentKit
import NIOCore
import PatioCore
import SQLKit
import Synchronization

/// SQLite's read connections as a request sees them: each statement runs on whichever connection is free
/// (waiting its turn when none is), and is refused as 503 once the database is closing.
///
/// One statement at a time per connection matters: a SQLite connection's read snapshot lasts until none of
/// its statements is running, so statements overlapping on one connection without pause would keep reading
/// the data as it was when the first began, and never see a later commit.
struct SharedReader: Database, SQLDatabase, RowLending {
    let connections: [InlineSQLite]
    let turns: ReadTurns

    private var first: InlineSQLite { connections[0] }

    // Database

    var context: DatabaseContext { first.context }
    var inTransaction: Bool { false }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        onAConnection { $0.execute(query: query, onOutput: onOutput) }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        onAConnection { $0.execute(schema: schema) }
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        onAConnection { $0.execute(enum: `enum`) }
    }

    /// Reads run outside transactions: a transaction would need one connection kept for one request.
    /// Patio's writes go through `PatioDatabase.write`; nothing opens one on a reader.
    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        eventLoop.makeFailedFuture(
            AppError(.internalServerError, code: "read_transaction", detail: "A transaction was opened on a read connection."))
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    // SQLDatabase

    var logger: Logger { first.logger }
    var eventLoop: any EventLoop { first.eventLoop }
    var dialect: any SQLDialect { first.dialect }
    var version: (any SQLDatabaseReportedVersion)? { first.version }
    var queryLogLevel: Logger.Level? { first.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        onAConnection { $0.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await onFreeConnection { try await $0.execute(sql: query, onRow) }
    }

    func lendRows(_ query: SQLQueryString, _ onRow: (inout LentRow) throws -> Void) async throws {
        try await onFreeConnection { try $0.lendRows(query, onRow) }
    }

    /// Runs `statement` on a connection free now or once one is given back.
    private func onFreeConnection(_ statement: (InlineSQLite) async throws -> Void) async throws {
        let index = try await turns.take()
        let started = ContinuousClock.now
        do {
            defer { turns.give(index) }
            try await statement(connections[index])
        }
        // A read runs on the calling thread and never suspends: a task reading in a loop would keep its thread
        // from every other task. A read that ran long steps aside afterwards, and so does one in sixteen.
        if ContinuousClock.now - started > ReadTurns.longRead || turns.timeToStepAside() { await Task.yield() }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    private func onAConnection(
        _ statement: @escaping @Sendable (InlineSQLite) -> EventLoopFuture<Void>
    ) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        let (connections, turns) = (self.connections, self.turns)
        do {
            try turns.take { index in
                statement(connections[index]).always { _ in turns.give(index) }.cascade(to: promise)
            }
        } catch {
            promise.fail(error)
        }
        return promise.futureResult
    }
}

/// Who runs on which shared read connection: one statement at a time on each, the others waiting in order;
/// once closed, no new statement, and `close` returns when the last one has ended.
final class ReadTurns: Sendable {
    private struct State {
        var busy: [Bool]
        var waiting: [@Sendable (Int) -> Void] = []
        var closed = false
        /// Statements taken and not yet given back, waiting ones included.
        var running = 0
        var drained: CheckedContinuation<Void, Never>?
    }
    private let state: Mutex<State>

    private let reads = Atomic<Int>(0)

    init(connections: Int) {
        state = Mutex(State(busy: Array(repeating: false, count: connections)))
    }

    /// True for one read in `ReadTurns.readsBetweenSteps`.
    func timeToStepAside() -> Bool {
        reads.add(1, ordering: .relaxed).newValue % Self.readsBetweenSteps == 0
    }

    /// How many reads run back to back, at most, before one steps aside for other tasks.
    static let readsBetweenSteps = 16
    /// A read that ran longer than this steps aside once it has ended.
    static let longRead = Duration.microseconds(200)

    private static var closedError: AppError {
        AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.")
    }

    /// Hands `granted` a free connection's index now, or once one is given back; throws 503 once closed.
    func take(_ granted: @escaping @Sendable (Int) -> Void) throws {
        let free: Int? = try state.withLock { state in
            if state.closed { throw Self.closedError }
            state.running += 1
            if let index = state.busy.firstIndex(of: false) {
                state.busy[index] = true
                return index
            }
            state.waiting.append(granted)
            return nil
        }
        if let free { granted(free) }
    }

    /// A free connection's index, waiting for one if none is free.
    func take() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            do {
                try take { continuation.resume(returning: $0) }
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Gives connection `index` back: to the longest-waiting statement, or free.
    func give(_ index: Int) {
        let (next, drained) = state.withLock { state -> ((@Sendable (Int) -> Void)?, CheckedContinuation<Void, Never>?) in
            state.running -= 1
            var next: (@Sendable (Int) -> Void)?
            if state.waiting.isEmpty {
                state.busy[index] = false
            } else {
                next = state.waiting.removeFirst()
            }
            guard state.closed, state.running == 0 else { return (next, nil) }
            defer { state.drained = nil }
            return (next, state.drained)
        }
        next?(index)
        drained?.resume()
    }

    /// Refuses new statements and returns once every statement taken has been given back.
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
