import FluentKit
import NIOCore
import PatioCore
import SQLKit
import Synchronization

/// SQLite's read connections as a request sees them: each statement runs on whichever connection is free
/// (waiting its turn when none is), or inside `PatioDatabase.reading` on the connection whose thread the task
/// runs on; it is refused as 503 once the database is closing.
///
/// One statement at a time per connection matters: a SQLite connection's read snapshot lasts until none of
/// its statements is running, so statements overlapping on one connection without pause would keep reading
/// the data as it was when the first began, and never see a later commit. Each connection runs its statements
/// on one thread, whole, so two of them never overlap, wherever they come from.
struct SharedReader: Database, SQLDatabase {
    let connections: [(database: any Database, sql: any SQLDatabase)]
    /// The one thread each connection runs its statements on, as an executor a task can run on.
    let executors: [ThreadPoolTaskExecutor]
    let turns: ReadTurns

    private var first: any Database { connections[0].database }

    // Database

    var context: DatabaseContext { first.context }
    var inTransaction: Bool { false }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        onAConnection { $0.database.execute(query: query, onOutput: onOutput) }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        onAConnection { $0.database.execute(schema: schema) }
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        onAConnection { $0.database.execute(enum: `enum`) }
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
    var dialect: any SQLDialect { connections[0].sql.dialect }
    var version: (any SQLDatabaseReportedVersion)? { connections[0].sql.version }
    var queryLogLevel: Logger.Level? { connections[0].sql.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        onAConnection { $0.sql.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        if let pinned = ReadSession.connection(of: turns) {
            try turns.enter()
            defer { turns.leave() }
            try await connections[pinned].sql.execute(sql: query, onRow)
            return
        }
        let index = try await turns.take()
        defer { turns.give(index) }
        try await connections[index].sql.execute(sql: query, onRow)
    }

    /// Runs `body` on the thread of the connection with the fewest such runs, its statements on that connection:
    /// a statement then queues behind the task on one thread and the task resumes there, where each statement
    /// otherwise cost two thread switches (to the statement's thread and back).
    ///
    /// Alone, `body` runs as it would without: its concurrent reads then spread over every connection's thread,
    /// each on a core nothing else wants, and a page is served sooner than on one thread.
    func reading<T>(_ body: () async throws -> T) async throws -> T {
        guard ReadSession.connection(of: turns) == nil else { return try await body() }
        let session = turns.startSession()
        defer { turns.endSession(session) }
        guard let index = session else { return try await body() }
        return try await withTaskExecutorPreference(executors[index]) {
            try await ReadSession.$current.withValue(ReadSession(turns: ObjectIdentifier(turns), connection: index)) { try await body() }
        }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    private func onAConnection(
        _ statement: @escaping @Sendable ((database: any Database, sql: any SQLDatabase)) -> EventLoopFuture<Void>
    ) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        let (connections, turns) = (self.connections, self.turns)
        if let pinned = ReadSession.connection(of: turns) {
            do {
                try turns.enter()
                statement(connections[pinned]).always { _ in turns.leave() }.cascade(to: promise)
            } catch {
                promise.fail(error)
            }
            return promise.futureResult
        }
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

/// The connection a task's reads are pinned to (`SharedReader.reading`).
struct ReadSession: Sendable {
    /// The readers' turns, standing for the database: a session on one database does not pin another's reads.
    let turns: ObjectIdentifier
    let connection: Int

    @TaskLocal static var current: ReadSession?

    /// The connection the current task's reads on `turns`' readers are pinned to, if any.
    static func connection(of turns: ReadTurns) -> Int? {
        guard let current, current.turns == ObjectIdentifier(turns) else { return nil }
        return current.connection
    }
}

/// Who runs on which shared read connection: one statement at a time on each, the others waiting in order;
/// once closed, no new statement, and `close` returns when the last one has ended.
final class ReadTurns: Sendable {
    private struct State {
        var busy: [Bool]
        /// Tasks running on each connection's thread (`SharedReader.reading`).
        var sessions: [Int]
        /// Tasks inside `SharedReader.reading`, pinned or not.
        var readings = 0
        var waiting: [@Sendable (Int) -> Void] = []
        var closed = false
        /// Statements taken and not yet given back, waiting ones included.
        var running = 0
        var drained: CheckedContinuation<Void, Never>?

        /// The waiting `close`, handed over once, when closed and the last statement has ended.
        mutating func drainedIfDone() -> CheckedContinuation<Void, Never>? {
            guard closed, running == 0 else { return nil }
            defer { drained = nil }
            return drained
        }
    }
    private let state: Mutex<State>

    init(connections: Int) {
        state = Mutex(State(busy: Array(repeating: false, count: connections), sessions: Array(repeating: 0, count: connections)))
    }

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

    /// Counts in a statement that runs on the connection its task is pinned to; throws 503 once closed.
    func enter() throws {
        try state.withLock { state in
            if state.closed { throw Self.closedError }
            state.running += 1
        }
    }

    /// Counts out a statement `enter` counted in.
    func leave() {
        let drained = state.withLock { state in
            state.running -= 1
            return state.drainedIfDone()
        }
        drained?.resume()
    }

    /// Counts in a task reading: nil when no other is (it is not pinned), else the connection with the fewest tasks
    /// pinned to it, counting one more there.
    func startSession() -> Int? {
        state.withLock { state in
            state.readings += 1
            guard state.readings > 1, let index = state.sessions.indices.min(by: { state.sessions[$0] < state.sessions[$1] }) else { return nil }
            state.sessions[index] += 1
            return index
        }
    }

    /// Counts out a task `startSession` counted in.
    func endSession(_ session: Int?) {
        state.withLock { state in
            state.readings -= 1
            if let session { state.sessions[session] -= 1 }
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
            return (next, state.drainedIfDone())
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
