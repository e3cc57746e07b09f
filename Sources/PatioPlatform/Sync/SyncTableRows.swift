import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// The wire rows of a collection whose row is simply its table's columns, each under a wire name, plus the row's
/// `id` — read with one fixed statement per 500 ids, either as fields (`rows`, what a push's `apply` sees) or
/// written straight to JSON (`written`, what a pull sends).
///
/// A first pull of a large collection (an agent's ten thousand localities) spent half its time building a
/// dictionary of fields per row, hashing and sorting their keys, then writing them. `written` writes each row's
/// values in the keys' sorted order worked out once, into the same bytes `JSONText.object` writes from `rows`.
public struct SyncTableRows: Sendable {
    /// How a column's value is sent.
    public enum Kind: Sendable {
        /// A JSON string.
        case text
        /// A JSON number from a whole number.
        case integer
        /// `true` or `false` from 1 or 0.
        case bool
    }

    struct Field: Sendable {
        let wire: String
        /// The place of the column in the SELECT: 0 is the row's id.
        let place: Int
        let kind: Kind?
        /// `"wire":`, written once.
        let key: JSONText
    }

    let select: [String]
    let table: String
    /// Every field and the id, in the order `JSONText.object` writes keys.
    let fields: [Field]

    /// `columns` are the table's columns, each with its wire name and kind; `id` must not be among the wire names.
    public init(table: String, columns: [(column: String, wire: String, kind: Kind)]) {
        self.table = table
        self.select = ["id"] + columns.map(\.column)
        var fields = [Field(wire: "id", place: 0, kind: nil, key: Self.key("id"))]
        for (offset, column) in columns.enumerated() {
            fields.append(Field(wire: column.wire, place: offset + 1, kind: column.kind, key: Self.key(column.wire)))
        }
        self.fields = fields.sorted { JSONText.precedes($0.wire, $1.wire) }
    }

    private static func key(_ name: String) -> JSONText {
        var text = JSONText()
        text.key(name)
        return text
    }

    /// The fields of the rows with these ids; ids with no row are left out.
    public func rows(_ ids: [UUID], on db: any Database) async throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        try await read(ids, on: db) { id, columns in
            var row: [String: JSONValue] = [:]
            row.reserveCapacity(fields.count)
            for field in fields {
                switch field.kind {
                case nil: row[field.wire] = .string(id.wireText)
                case .text?: row[field.wire] = .string(try columns.string(field.place))
                case .integer?: row[field.wire] = .number(Double(try columns.int(field.place)))
                case .bool?: row[field.wire] = .bool(try columns.bool(field.place))
                }
            }
            found[id] = row
        }
        return found
    }

    /// The same rows as `rows`, each already written as its JSON object.
    public func written(_ ids: [UUID], on db: any Database) async throws -> [UUID: JSONText] {
        var found: [UUID: JSONText] = [:]
        try await read(ids, on: db) { id, columns in
            var text = JSONText(capacity: 64 * fields.count)
            text.raw("{")
            for (index, field) in fields.enumerated() {
                if index > 0 { text.raw(",") }
                text.append(field.key)
                switch field.kind {
                case nil: text.string(id.wireText)
                case .text?: text.string(try columns.string(field.place))
                case .integer?: text.number(Double(try columns.int(field.place)))
                case .bool?: text.bool(try columns.bool(field.place))
                }
            }
            text.raw("}")
            found[id] = text
        }
        return found
    }

    private func read(_ ids: [UUID], on db: any Database, _ each: (UUID, inout SQLColumns) throws -> Void) async throws {
        let sql = try db.sql
        for slice in BoundList.slices(ids) {
            let rows = try await sql.raw("SELECT \(idents: select, joinedBy: ", ") FROM \(ident: table) WHERE id IN (\(binds: slice))").all()
            for row in rows {
                var columns = SQLColumns(row)
                try each(try columns.uuid(0), &columns)
            }
        }
    }
}
