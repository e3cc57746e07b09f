import FluentPostgresDriver
import SQLKit

/// A row of a kept statement: read by column name as PostgresKit reads its rows, and by place, cell by cell, by
/// `SQLColumns`.
///
/// Read by name, each value reads its row's cells anew (PostgresKit's row): hot paths read by place.
struct KeptPostgresRow: SQLRow {
    let row: PostgresRow

    init(_ row: PostgresRow) { self.row = row }

    private var named: some SQLRow { row.sql(decodingContext: .default) }

    var allColumns: [String] { named.allColumns }

    func contains(column: String) -> Bool { named.contains(column: column) }

    func decodeNil(column: String) throws -> Bool { try named.decodeNil(column: column) }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D { try named.decode(column: column, as: type) }
}
