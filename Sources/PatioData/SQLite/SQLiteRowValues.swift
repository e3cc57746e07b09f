import FluentKit
import SQLKit
import SQLiteKit
import SQLiteNIO

/// A row from one of Patio's own SQLite connections: an `SQLRow` whose values `SQLColumns` also reads in
/// SELECT order.
struct DirectSQLiteRow: SQLRow {
    let columns: SQLiteColumnNames
    let values: [SQLiteData]
    let decoder: SQLiteDataDecoder

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool { columns.place(of: column) != nil }

    func decodeNil(column: String) throws -> Bool {
        guard let place = columns.place(of: column) else { return true }
        return values[place] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let place = columns.place(of: column) else { throw MissingSQLColumn(column: column) }
        return try decoder.decode(D.self, from: values[place])
    }
}

/// A column a query did not return was read.
struct MissingSQLColumn: Error, CustomStringConvertible {
    let column: String
    var description: String { "The row has no column \(column)." }
}

/// A row as Fluent reads a model from it: a field's column is its key, prefixed with its schema for a joined model.
struct SQLiteModelOutput: DatabaseOutput {
    let row: DirectSQLiteRow
    let schema: String?

    var description: String { "\(zip(row.columns.names, row.values).map { "\($0)=\($1)" })" }

    private func column(_ key: FieldKey) -> String {
        guard let schema else { return key.description }
        return "\(schema)_\(key.description)"
    }

    func schema(_ schema: String) -> any DatabaseOutput { SQLiteModelOutput(row: row, schema: schema) }

    func contains(_ key: FieldKey) -> Bool { row.contains(column: column(key)) }

    func decodeNil(_ key: FieldKey) throws -> Bool { try row.decodeNil(column: column(key)) }

    func decode<T: Decodable>(_ key: FieldKey, as type: T.Type) throws -> T { try row.decode(column: column(key), as: T.self) }
}
