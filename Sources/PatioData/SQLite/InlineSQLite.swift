import FluentKit
import FluentSQL
import NIOCore
import SQLKit
import SQLiteKit
import VaporCSQLite

/// Fluent and SQLKit over one of Patio's own SQLite connections (`SQLiteHandle`): each statement runs on the
/// calling thread, prepared once.
///
/// The writer's task runs on the writer's own event loop (`EventLoopTaskExecutor`) and this connection's event
/// loop is that one, so a write's statements — SQL and Fluent's alike — run one after the other on one thread
/// and Fluent's futures complete where they were made. A reader is used from a request's own task: its SQL runs
/// there, and only a Fluent query's rows are handed to the reader's event loop, where Fluent expects them.
struct InlineSQLite: Database, SQLDatabase, RowLending {
    let handle: SQLiteHandle
    let context: DatabaseContext
    let inTransaction: Bool
    // The coders Fluent's SQLite configuration gives (PatioDatabase.open), so values read and write as before.
    let encoder = SQLiteDataEncoder()
    let decoder = SQLiteDataDecoder()

    // Database

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        var outputs: [any DatabaseOutput] = []
        do {
            try run(Self.statement(for: query)) { outputs.append(SQLiteModelOutput(row: $0, schema: nil)) }
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
        guard !eventLoop.inEventLoop else {
            for output in outputs { onOutput(output) }
            return eventLoop.makeSucceededVoidFuture()
        }
        let delivered = outputs
        return eventLoop.submit { for output in delivered { onOutput(output) } }
    }

    /// Fluent's SQL for `query`; a create answers with the ids it stored, as FluentSQLiteDriver's does.
    private static func statement(for query: DatabaseQuery) -> any SQLExpression {
        let converted = SQLQueryConverter(delegate: SQLiteQueryDelegate()).convert(query)
        // An empty custom id key is Fluent's sign for a model whose id is not one column.
        guard case .create = query.action, query.customIDKey != .some(.string("")) else { return converted }
        return SQLKit.SQLList([converted, SQLReturning(SQLColumn((query.customIDKey ?? .id).description))], separator: SQLRaw(" "))
    }

    /// Tables change only in migrations, which run on Fluent's own SQLite driver (`PatioDatabase.maintenance`).
    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        eventLoop.makeFailedFuture(SQLiteFailure(code: SQLITE_ERROR, message: "A schema change outside a migration.", sql: nil))
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> { eventLoop.makeSucceededVoidFuture() }

    /// Patio's writes are transactions already (`WriteQueue`): a transaction inside one is the one it is in.
    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        guard inTransaction else {
            return eventLoop.makeFailedFuture(SQLiteFailure(code: SQLITE_MISUSE, message: "A transaction outside Patio's write queue.", sql: nil))
        }
        return closure(self)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    // SQLDatabase

    var logger: Logger { context.logger }
    var eventLoop: any EventLoop { context.eventLoop }
    var dialect: any SQLDialect { SQLiteDialect() }
    var version: (any SQLDatabaseReportedVersion)? { nil }
    var queryLogLevel: Logger.Level? { .trace }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        do {
            try run(query, onRow)
            return eventLoop.makeSucceededVoidFuture()
        } catch {
            return eventLoop.makeFailedFuture(error)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    func lendRows(_ query: SQLQueryString, _ onRow: (inout LentRow) throws -> Void) throws {
        let (sql, values) = try serialized(query)
        try handle.lend(sql, values) { statement in
            var row = LentRow(statement: statement)
            try onRow(&row)
        }
    }

    private func run(_ query: any SQLExpression, _ onRow: (DirectSQLiteRow) -> Void) throws {
        let (sql, values) = try serialized(query)
        let decoder = self.decoder
        try handle.run(sql, values) { columns, row in onRow(DirectSQLiteRow(columns: columns, values: row, decoder: decoder)) }
    }

    private func serialized(_ query: any SQLExpression) throws -> (String, [SQLiteData]) {
        let (sql, binds) = (self as any SQLDatabase).serialize(query)
        logger.trace("Executing query", metadata: ["sql": .string(sql)])
        return (sql, try binds.map { try encoder.encode($0) })
    }
}

/// Fluent's queries in SQLite's SQL: the defaults, which is what FluentSQLiteDriver's delegate leaves them (it
/// changes only the column types of schema changes, which run on that driver).
struct SQLiteQueryDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? { nil }
}
