import PatioCore
import Crypto
import Foundation

/// A table a field device keeps in its local SQLite database, filled from a sync collection: the device
/// creates it from `createStatement` and pulls `collection` in batches of `batchSize`; each pulled row's
/// `data` has exactly the table's column names as keys.
public struct OfflineTable: Sendable, Equatable {
    /// One column: its name, its SQL type as the original apps wrote it (`nvarchar (8)`, `numeric (10,2)`),
    /// and whether it may be NULL.
    public struct Column: Sendable, Equatable {
        public let name: String
        public let type: String
        public let nullable: Bool

        public init(name: String, type: String, nullable: Bool) {
            self.name = name
            self.type = type
            self.nullable = nullable
        }
    }

    public let name: String
    public let collection: String
    public let columns: [Column]
    public let primaryKey: [String]
    public let batchSize: Int
    /// Which rows the table holds, in words (`Pickups assigned to this agent`).
    public let filter: String
    /// Raised when copies devices already hold cannot be brought up to date by pulling (the rows' ids came to
    /// be spelled differently, say): like a schema change, it moves `schemaChangedAt`, and devices drop the
    /// table and pull it from the start. 0 for a table never raised, and then not part of the fingerprint.
    public let contentRevision: Int

    public init(name: String, collection: String, columns: [Column], primaryKey: [String], batchSize: Int, filter: String, contentRevision: Int = 0) {
        self.name = name
        self.collection = collection
        self.columns = columns
        self.primaryKey = primaryKey
        self.batchSize = batchSize
        self.filter = filter
        self.contentRevision = contentRevision
    }

    /// `CREATE TABLE name( \r\ncol type NULL,\r\n…,PRIMARY KEY (pk))`, the original contract's shape: no
    /// `IF NOT EXISTS`, so devices drop or skip a table they already have.
    public var createStatement: String {
        let lines = columns.map { "\($0.name) \($0.type) \($0.nullable ? "NULL" : "NOT NULL")" }
        return "CREATE TABLE \(name)( \r\n" + lines.joined(separator: ",\r\n") + ",PRIMARY KEY (\(primaryKey.joined(separator: ","))))"
    }

    public var fieldCount: Int { columns.count }

    /// Changes when anything a device's copy depends on changes (name, columns, types, nullability, key,
    /// content revision).
    public var fingerprint: String {
        let revision = contentRevision == 0 ? [] : ["content revision \(contentRevision)"]
        let text = ([name, primaryKey.joined(separator: ",")] + columns.map { "\($0.name) \($0.type) \($0.nullable)" } + revision).joined(
            separator: "\n")
        return Hex.encode(SHA256.hash(data: Data(text.utf8)))
    }

    /// What is wrong with the definition, if anything (checked at start-up, so a mistake stops Patio).
    public func problems() -> [String] {
        var problems: [String] = []
        if !Self.isIdentifier(name) { problems.append("table name \(name) is not an identifier") }
        var seen: Set<String> = []
        for column in columns {
            if !Self.isIdentifier(column.name) { problems.append("\(name).\(column.name) is not an identifier") }
            if !seen.insert(column.name.lowercased()).inserted { problems.append("\(name).\(column.name) appears twice") }
            if !Self.isAllowedType(column.type) { problems.append("\(name).\(column.name) has type \(column.type), which devices may not accept") }
        }
        if columns.isEmpty { problems.append("\(name) has no columns") }
        if primaryKey.isEmpty { problems.append("\(name) has no primary key") }
        for key in primaryKey where !columns.contains(where: { $0.name == key }) {
            problems.append("\(name)'s primary key names unknown column \(key)")
        }
        if !(1...1_000).contains(batchSize) { problems.append("\(name)'s batch size \(batchSize) is not from 1 to 1000") }
        return problems
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.utf8.count <= 64 else { return false }
        return (first == "_" || (first.isASCII && first.properties.isAlphabetic))
            && text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// The types the original apps used: `int`, `bigint`, `bit`, `float`, `datetime`, `nvarchar (n)`,
    /// `varchar (n)` and `numeric (p,s)` / `decimal (p,s)`.
    static func isAllowedType(_ type: String) -> Bool {
        if ["int", "bigint", "bit", "float", "datetime", "text"].contains(type) { return true }
        for prefix in ["nvarchar (", "varchar ("] where type.hasPrefix(prefix) && type.hasSuffix(")") {
            let inner = type.dropFirst(prefix.count).dropLast()
            return Int(inner).map { (1...4_000).contains($0) } ?? false
        }
        for prefix in ["numeric (", "decimal ("] where type.hasPrefix(prefix) && type.hasSuffix(")") {
            let parts = type.dropFirst(prefix.count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let precision = Int(parts[0]), let scale = Int(parts[1]) else { return false }
            return (1...38).contains(precision) && (0...precision).contains(scale)
        }
        return false
    }
}
