import Foundation
import GRDB
import PatioAPI

/// Plain SQLite tables kept on the device, as Courier's field app keeps its pickups and localities: each
/// table Patio publishes for the account is created from its own statement and filled from its sync
/// collection batch by batch; a table whose schema moved is dropped and filled again.
public actor OfflineTables {
    /// What one refresh did to one table.
    public struct Report: Sendable, Equatable {
        public var table: String
        /// The table was (re)created from its statement.
        public var created: Bool
        public var changes: Int
        public var batches: Int
    }

    private let patio: Patio
    /// The tables, for the app to query with GRDB.
    public nonisolated let database: DatabaseQueue

    /// The tables in their own SQLite file at `path`.
    public init(patio: Patio, path: String) throws {
        try self.init(patio: patio, database: try DatabaseQueue(path: path))
    }

    public init(patio: Patio, database: DatabaseQueue) throws {
        self.patio = patio
        self.database = database
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS kit_offline_tables (name TEXT PRIMARY KEY, collection TEXT NOT NULL, created_at REAL NOT NULL,
                                                                   cursor TEXT)
                    """)
        }
    }

    /// Creates what is missing or outdated and pulls every table up to date.
    @discardableResult
    public func refresh() async throws -> [Report] {
        let output = try await patio.call { try await patio.api.listOfflineTables() }
        guard case .ok(let ok) = output, case .json(let list) = ok.body else { throw PatioError.unexpected(status: 0) }
        var reports: [Report] = []
        for table in list.items {
            reports.append(try await refresh(table))
        }
        return reports
    }

    private func refresh(_ table: Components.Schemas.OfflineTable) async throws -> Report {
        let statement = table.createStatement.trimmingCharacters(in: .whitespacesAndNewlines)
        // Patio's statements are one CREATE TABLE each; anything else is not run on the device.
        guard statement.uppercased().hasPrefix("CREATE TABLE"), !statement.contains(";"), let key = table.primaryKey.first else {
            throw PatioError.store("the statement for \(table.name) is not a single CREATE TABLE")
        }
        let created = try await database.write { db -> Bool in
            let known = try Row.fetchOne(db, sql: "SELECT created_at FROM kit_offline_tables WHERE name = ?", arguments: [table.name])
            let createdAt: Double? = known?["created_at"]
            if let createdAt, createdAt >= table.schemaChangedAt.timeIntervalSince1970, try db.tableExists(table.name) { return false }
            try db.execute(sql: "DROP TABLE IF EXISTS \(Self.quoted(table.name))")
            try db.execute(sql: statement)
            try db.execute(
                sql: "INSERT OR REPLACE INTO kit_offline_tables (name, collection, created_at, cursor) VALUES (?, ?, ?, NULL)",
                arguments: [table.name, table.collection, Date().timeIntervalSince1970])
            return true
        }
        var report = Report(table: table.name, created: created, changes: 0, batches: 0)
        while true {
            let cursor = try await database.read { db in
                try String.fetchOne(db, sql: "SELECT cursor FROM kit_offline_tables WHERE name = ?", arguments: [table.name])
            }
            let output = try await patio.call {
                try await patio.api.syncPull(path: .init(collection: table.collection), query: .init(cursor: cursor, limit: table.batchSize))
            }
            guard case .ok(let ok) = output, case .json(let page) = ok.body else { throw PatioError.unexpected(status: 0) }
            let rows = try page.changes.map { change in (change, try change.data.map(SyncEngine.object)) }
            try await database.write { db in
                for (change, data) in rows {
                    if change.op == .delete || data == nil {
                        try db.execute(sql: "DELETE FROM \(Self.quoted(table.name)) WHERE \(Self.quoted(key)) = ?", arguments: [change.id])
                        continue
                    }
                    let columns = (data ?? [:]).keys.sorted()
                    let values = columns.map { Self.databaseValue(data?[$0] ?? .null) }
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO \(Self.quoted(table.name)) (\(columns.map(Self.quoted).joined(separator: ", "))) "
                            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))",
                        arguments: StatementArguments(values))
                }
                try db.execute(sql: "UPDATE kit_offline_tables SET cursor = ? WHERE name = ?", arguments: [page.cursor, table.name])
            }
            report.changes += rows.count
            report.batches += 1
            if !page.hasMore { return report }
        }
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    static func databaseValue(_ value: JSONValue) -> DatabaseValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return (flag ? 1 : 0).databaseValue
        case .number(let number): return number.rounded() == number && abs(number) < 9e15 ? Int64(number).databaseValue : number.databaseValue
        case .string(let text): return text.databaseValue
        case .array, .object: return ((try? value.text()) ?? "null").databaseValue
        }
    }
}
