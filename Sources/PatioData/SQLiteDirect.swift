import FluentKit
import FluentSQLiteDriver
import NIOConcurrencyHelpers
import NIOCore
import SQLKit

/// SQL straight to a lent SQLite connection, without FluentSQLiteDriver's futures.
///
/// FluentSQLiteDriver runs a statement on its thread pool and completes a future on the connection's event loop,
/// which then resumes the waiting task on its own executor: two thread switches a statement. SQLiteNIO's async
/// call resumes the task from the statement's thread instead, and for the writer, whose task runs on that very
/// thread (`ThreadPoolTaskExecutor`), a statement then switches no thread at all.
enum SQLiteDirect {
    /// SQLKit over `connection`'s own SQLite connection, nil when it is not SQLite.
    ///
    /// `connection` must be a connection the pool has lent (inside `withConnection`): it hands over the SQLite
    /// connection underneath at once, within the call, so no future is waited for (that wait cost a thread
    /// switch per commit). A pooled database would lend one only later, and gets nil.
    static func sql(under connection: any Database) -> (any SQLDatabase)? {
        guard let lent = connection as? any SQLiteDatabase else { return nil }
        let underneath = NIOLockedValueBox<SQLiteConnection?>(nil)
        _ = lent.withConnection { sqlite in
            underneath.withLockedValue { $0 = sqlite }
            return sqlite.eventLoop.makeSucceededVoidFuture()
        }
        return underneath.withLockedValue { $0 }.map(DirectSQLite.init(connection:))
    }
}

/// The writer's connection as a write sees it: Fluent's queries go to the lent connection as before, SQL goes
/// straight to SQLite (`SQLiteDirect`).
struct DirectWriterConnection: Database, SQLDatabase {
    let connection: any Database
    let direct: any SQLDatabase

    // Database

    var context: DatabaseContext { connection.context }
    var inTransaction: Bool { connection.inTransaction }

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        connection.execute(query: query, onOutput: onOutput)
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> { connection.execute(schema: schema) }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> { connection.execute(enum: `enum`) }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        connection.transaction(closure)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    // SQLDatabase

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }
    var dialect: any SQLDialect { direct.dialect }
    var version: (any SQLDatabaseReportedVersion)? { direct.version }
    var queryLogLevel: Logger.Level? { direct.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        direct.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await direct.execute(sql: query, onRow)
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }
}
