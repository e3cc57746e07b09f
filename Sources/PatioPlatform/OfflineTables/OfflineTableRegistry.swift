import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Every module's offline tables, with the time each table's schema last changed (kept in the database,
/// so every instance agrees and a restart with the same definitions keeps the time).
public struct OfflineTableRegistry: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    public let tables: [OfflineTable]

    public init(database: PatioDatabase, clock: PatioClock, tables: [OfflineTable]) {
        self.database = database
        self.clock = clock
        self.tables = tables
    }

    /// A table as the API publishes it.
    public struct Published: Codable, Sendable, Equatable {
        public var name: String
        public var collection: String
        public var primaryKey: [String]
        public var createStatement: String
        public var batchSize: Int
        public var filter: String
        public var fieldCount: Int
        public var schemaChangedAt: Date
    }

    /// A definition mistake (a bad identifier, a key naming no column, two tables with one name).
    public struct DefinitionError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the definitions and records new and changed schemas (run once at start-up, after migrations).
    /// A table whose fingerprint changed gets a new schema time; an unchanged one keeps its time.
    public func synchronize() async throws {
        var problems = tables.flatMap { $0.problems() }
        let names = Dictionary(grouping: tables, by: \.name).filter { $0.value.count > 1 }.keys.sorted()
        problems += names.map { "two offline tables are called \($0)" }
        guard problems.isEmpty else { throw DefinitionError(description: "Offline tables: " + problems.joined(separator: "; ")) }
        guard !tables.isEmpty else { return }
        let now = clock.now()
        try await database.write { db in
            let sql = try db.sql
            let stored = try await storedFingerprints(sql)
            for table in tables where stored[table.name] != table.fingerprint {
                // An upsert: instances starting together both write the same fingerprint, and neither fails.
                try await sql.raw(
                    """
                    INSERT INTO platform_offline_tables (name, fingerprint, changed_at) VALUES (\(bind: table.name), \(bind: table.fingerprint),\
                     \(bind: now))
                    ON CONFLICT (name) DO UPDATE SET fingerprint = excluded.fingerprint, changed_at = excluded.changed_at
                    WHERE platform_offline_tables.fingerprint <> excluded.fingerprint
                    """
                ).run()
            }
        }
    }

    /// The schema time of each table (nil before `synchronize` ran).
    public func schemaTimes() async throws -> [String: Date] {
        struct Row: Decodable { var name: String; var changed_at: Date }
        let rows = try await (try database.reader.sql).select().columns("name", "changed_at").from("platform_offline_tables")
            .all(decoding: Row.self)
        return Dictionary(rows.map { ($0.name, $0.changed_at) }, uniquingKeysWith: { first, _ in first })
    }

    /// The tables whose collection `canSync` allows, by name.
    public func published(canSync: (String) -> Bool) async throws -> [Published] {
        let times = try await schemaTimes()
        return tables.filter { canSync($0.collection) }.sorted { $0.name < $1.name }.map { table in
            Published(
                name: table.name, collection: table.collection, primaryKey: table.primaryKey, createStatement: table.createStatement,
                batchSize: table.batchSize, filter: table.filter, fieldCount: table.fieldCount,
                schemaChangedAt: times[table.name] ?? Date(timeIntervalSince1970: 0))
        }
    }

    private func storedFingerprints(_ sql: any SQLDatabase) async throws -> [String: String] {
        struct Row: Decodable { var name: String; var fingerprint: String }
        let rows = try await sql.select().columns("name", "fingerprint").from("platform_offline_tables").all(decoding: Row.self)
        return Dictionary(rows.map { ($0.name, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
    }
}

struct CreateOfflineTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("platform_offline_tables")
            .field("name", .string, .identifier(auto: false))
            .field("fingerprint", .string, .required)
            .field("changed_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws { try await database.schema("platform_offline_tables").delete() }
}
