import FluentSQLiteDriver
import NIOCore
import SQLKit

/// SQLKit over one SQLite connection, answering rows `SQLColumns` can read by position (`DirectSQLiteRow`).
///
/// It does what SQLiteKit's own `sql()` database does — serialize, encode the binds, log the statement at trace
/// level, run it through SQLiteNIO's async call — except that its rows are its own type, so that `SQLColumns` can
/// tell them apart and read their values in order.
struct DirectSQLite: SQLDatabase {
    let connection: SQLiteConnection
    // The same coders and log level the Fluent configuration gives (PatioDatabase.open).
    let encoder = SQLiteDataEncoder()
    let decoder = SQLiteDataDecoder()

    var logger: Logger { connection.logger }
    var eventLoop: any EventLoop { connection.eventLoop }
    var dialect: any SQLDialect { SQLiteDialect() }
    /// The library's version, as SQLiteKit reports it (it alone knows how).
    var version: (any SQLDatabaseReportedVersion)? { connection.sql().version }
    var queryLogLevel: Logger.Level? { .trace }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        let statement: (sql: String, binds: [SQLiteData])
        do { statement = try serialize(query) } catch { return eventLoop.makeFailedFuture(error) }
        let decoder = self.decoder
        return connection.query(statement.sql, statement.binds, logger: logger) { onRow(DirectSQLiteRow(row: $0, decoder: decoder)) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let statement = try serialize(query)
        let decoder = self.decoder
        try await connection.query(statement.sql, statement.binds) { onRow(DirectSQLiteRow(row: $0, decoder: decoder)) }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    private func serialize(_ query: any SQLExpression) throws -> (sql: String, binds: [SQLiteData]) {
        let (sql, binds) = (self as any SQLDatabase).serialize(query)
        logger.trace("Executing query", metadata: ["sql": .string(sql), "binds": .array(binds.map { .string("\($0)") })])
        return (sql, try binds.map { try encoder.encode($0) })
    }
}

/// A row from `DirectSQLite`: an `SQLRow` like SQLiteKit's, whose values `SQLColumns` also reads in SELECT order.
struct DirectSQLiteRow: SQLRow {
    let row: SQLiteRow
    let decoder: SQLiteDataDecoder

    var allColumns: [String] { row.columns.map(\.name) }

    func contains(column: String) -> Bool { row.column(column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let data = row.column(column) else { return true }
        return data == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let data = row.column(column) else { throw MissingSQLColumn(column: column) }
        return try decoder.decode(D.self, from: data)
    }
}

/// A column a query did not return was read.
struct MissingSQLColumn: Error, CustomStringConvertible {
    let column: String
    var description: String { "The row has no column \(column)." }
}
