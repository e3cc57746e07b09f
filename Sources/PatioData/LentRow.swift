import Foundation
import SQLKit
import VaporCSQLite

/// A row of a read, lent for the length of one call: its text is read as the bytes the database holds, without a
/// `String` made of each value.
///
/// A sync page copies hundreds of rows' kept JSON into its answer. Read as `String`s, every row was copied out of
/// SQLite and checked as UTF-8, then copied again into the page. On Patio's own SQLite connections a lent row is the
/// statement standing on the row, read in place; on other databases (PostgreSQL) it is the row's values read by
/// place (`SQLColumns`). Columns are numbered from 0 in SELECT order. A value of the wrong kind throws; nothing here
/// traps.
public struct LentRow {
    private enum Source {
        case statement(OpaquePointer)
        case row(SQLColumns)
    }
    private var source: Source

    init(statement: OpaquePointer) { source = .statement(statement) }

    init(_ row: any SQLRow) { source = .row(SQLColumns(row)) }

    public mutating func int(_ column: Int) throws -> Int {
        switch source {
        case .statement(let statement):
            try Self.expect(SQLITE_INTEGER, in: statement, column, Int.self)
            return Int(sqlite_nio_sqlite3_column_int64(statement, Int32(column)))
        case .row(var columns):
            defer { source = .row(columns) }
            return try columns.int(column)
        }
    }

    /// A boolean as SQLite keeps it (0 or 1) or PostgreSQL's `BOOLEAN`.
    public mutating func bool(_ column: Int) throws -> Bool {
        switch source {
        case .statement: return try int(column) != 0
        case .row(var columns):
            defer { source = .row(columns) }
            return try columns.bool(column)
        }
    }

    /// Calls `body` with the column's text as UTF-8, or with nil for SQL `NULL`. The bytes last only for the call.
    public mutating func withOptionalText<R>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R) throws -> R {
        switch source {
        case .statement(let statement):
            let place = Int32(column)
            if try Self.type(in: statement, column) == SQLITE_NULL { return try body(nil) }
            try Self.expect(SQLITE_TEXT, in: statement, column, String.self)
            // The text first, then its length: SQLite's documented order.
            let start = sqlite_nio_sqlite3_column_text(statement, place)
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, place))
            return try body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
        case .row(var columns):
            defer { source = .row(columns) }
            guard var text = try columns.optionalString(column) else { return try body(nil) }
            return try text.withUTF8 { try body($0) }
        }
    }

    private static func type(in statement: OpaquePointer, _ column: Int) throws -> Int32 {
        guard column >= 0, column < Int(sqlite_nio_sqlite3_column_count(statement)) else { throw MissingSQLColumn(column: "#\(column)") }
        return sqlite_nio_sqlite3_column_type(statement, Int32(column))
    }

    private static func expect<T>(_ kind: Int32, in statement: OpaquePointer, _ column: Int, _ type: T.Type) throws {
        let found = try Self.type(in: statement, column)
        guard found == kind else {
            let name = sqlite_nio_sqlite3_column_name(statement, Int32(column)).map { String(cString: $0) } ?? "#\(column)"
            throw DecodingError.typeMismatch(
                T.self, .init(codingPath: [], debugDescription: "Column \(name) holds a value of SQLite type \(found), not \(T.self)."))
        }
    }
}

/// A database that lends its rows in place (Patio's own SQLite connections).
protocol RowLending {
    func lendRows(_ query: SQLQueryString, _ onRow: (inout LentRow) throws -> Void) async throws
}

extension SQLDatabase {
    /// Runs `query` and hands `onRow` each row in turn, lent in place where the database can (`LentRow`).
    public func lendRows(_ query: SQLQueryString, _ onRow: (inout LentRow) throws -> Void) async throws {
        if let lending = self as? any RowLending {
            try await lending.lendRows(query, onRow)
            return
        }
        for row in try await raw(query).all() {
            var lent = LentRow(row)
            try onRow(&lent)
        }
    }
}
