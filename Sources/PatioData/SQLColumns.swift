import Foundation
import PatioCore
import SQLKit
import FluentPostgresDriver
import FluentSQLiteDriver

/// A row's columns read by their place in the SELECT (0 first), for the hot paths that read many rows.
///
/// `row.decode(column:as:)` finds a column by name in a dictionary and converts its value through a generic
/// decoder and a dynamic cast, every time; a first sync pull of ten thousand localities spent a quarter of its time
/// there. On SQLite (rows from Patio's own connections, `InlineSQLite`) this reads the values in order and converts each with SQLiteNIO's own
/// conversion — exactly what the decoder does in the end. Rows of statements kept prepared on PostgreSQL
/// (`keptPrepared`) are read cell by cell with PostgresNIO's own decoding, which PostgresKit's decoder calls in the
/// end too; a cell it cannot read that way (PostgresKit reads a `NUMERIC` as a `Double`, for one) is read as other rows are.
/// Other rows (PostgreSQL's) are read by the column's name at that place. A value of the wrong kind throws, as
/// `decode` does; nothing here traps.
public struct SQLColumns {
    private let row: any SQLRow
    private let values: [SQLiteData]?
    private let columns: SQLiteColumnNames?
    private let cells: PostgresRandomAccessRow?
    private var names: [String]?

    public init(_ row: any SQLRow) {
        self.row = row
        let direct = row as? DirectSQLiteRow
        self.values = direct?.values
        self.columns = direct?.columns
        // SQLite's rows are never PostgreSQL's: one cast per row there, as before.
        self.cells = direct == nil ? (row as? KeptPostgresRow)?.row.makeRandomAccess() : nil
    }

    public mutating func string(_ index: Int) throws -> String {
        try read(index, String.self) { String(sqliteData: $0) }
    }

    public mutating func int(_ index: Int) throws -> Int {
        try read(index, Int.self) { Int(sqliteData: $0) }
    }

    public mutating func double(_ index: Int) throws -> Double {
        try read(index, Double.self) { Double(sqliteData: $0) }
    }

    public mutating func bool(_ index: Int) throws -> Bool {
        try read(index, Bool.self) { Bool(sqliteData: $0) }
    }

    public mutating func uuid(_ index: Int) throws -> UUID {
        try read(index, UUID.self) { UUID(sqliteData: $0) }
    }

    /// A time as Fluent stores it.
    public mutating func date(_ index: Int) throws -> Date {
        try read(index, Date.self) { Date(sqliteData: $0) }
    }

    /// Nil for SQL `NULL`.
    public mutating func optionalString(_ index: Int) throws -> String? {
        try read(index, String?.self) { Self.optional($0, String.init(sqliteData:)) }
    }

    /// Nil for SQL `NULL`.
    public mutating func optionalInt(_ index: Int) throws -> Int? {
        try read(index, Int?.self) { Self.optional($0, Int.init(sqliteData:)) }
    }

    /// Nil for SQL `NULL`.
    public mutating func optionalUUID(_ index: Int) throws -> UUID? {
        try read(index, UUID?.self) { Self.optional($0, UUID.init(sqliteData:)) }
    }

    /// Nil for SQL `NULL`.
    public mutating func optionalDouble(_ index: Int) throws -> Double? {
        try read(index, Double?.self) { Self.optional($0, Double.init(sqliteData:)) }
    }

    /// Nil for SQL `NULL`.
    public mutating func optionalDate(_ index: Int) throws -> Date? {
        try read(index, Date?.self) { Self.optional($0, Date.init(sqliteData:)) }
    }

    /// `.some(nil)` for `NULL`, nil when the value is not a `Value`.
    private static func optional<Value>(_ data: SQLiteData, _ convert: (SQLiteData) -> Value?) -> Value?? {
        data == .null ? .some(nil) : convert(data).map { .some($0) }
    }

    private mutating func read<T: Decodable & PostgresDecodable>(_ index: Int, _ type: T.Type, _ convert: (SQLiteData) -> T?) throws -> T {
        if let cells, cells.indices.contains(index), let value = try? cells[index].decode(T.self) {
            return value
        }
        if let values {
            guard values.indices.contains(index) else { throw MissingSQLColumn(column: "#\(index)") }
            guard let value = convert(values[index]) else {
                let name = columns?.names[index] ?? "#\(index)"
                throw DecodingError.typeMismatch(
                    T.self, .init(codingPath: [], debugDescription: "Column \(name) holds \(values[index]), not \(T.self)."))
            }
            return value
        }
        let names = self.names ?? row.allColumns
        self.names = names
        guard names.indices.contains(index) else { throw MissingSQLColumn(column: "#\(index)") }
        return try row.decode(column: names[index], as: T.self)
    }
}
