import Foundation
import GRDB

/// One synced row as the app sees it: Patio's last version with the app's pending changes on top.
public struct SyncedRow: Sendable, Equatable {
    public var id: String
    /// Patio's version of the row this copy is based on (0 for a row made offline).
    public var version: Int
    public var fields: JSONObject
    /// The row has changes not yet accepted by Patio.
    public var isPending: Bool
}

/// A change Patio refused because the same field changed on the server: both values are kept for the person
/// to choose (``SyncEngine/resolve(_:keepMine:)``).
public struct SyncConflict: Sendable, Equatable {
    public var mutationID: Int
    public var collection: String
    public var rowID: String
    /// The fields that changed on both sides.
    public var fields: [String]
    public var mine: JSONObject
    /// The row as Patio has it now, nil when it was deleted.
    public var server: JSONObject?
    public var serverVersion: Int
}

/// A change Patio will never accept (validation or access), kept so the app can tell the person.
public struct SyncRejection: Sendable, Equatable {
    public var mutationID: Int
    public var collection: String
    public var rowID: String
    public var code: String
    public var detail: String
}

/// The device's copy of synced collections and the queue of changes made offline, in one SQLite file: the
/// queue survives restarts, and reads always show pending changes over Patio's rows (a pull never wipes
/// a change that has not reached Patio yet).
public final class OfflineStore: Sendable {
    let database: DatabaseQueue

    /// Opens (or creates) the store at `path`.
    public convenience init(path: String) throws {
        try self.init(database: try DatabaseQueue(path: path))
    }

    /// A store that lives in memory, for previews and tests.
    public static func inMemory() throws -> OfflineStore { try OfflineStore(database: try DatabaseQueue()) }

    init(database: DatabaseQueue) throws {
        self.database = database
        var migrator = DatabaseMigrator()
        migrator.registerMigration("patiokit-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE kit_rows (collection TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL,
                                           PRIMARY KEY (collection, id));
                    CREATE TABLE kit_cursors (collection TEXT PRIMARY KEY, cursor TEXT NOT NULL);
                    CREATE TABLE kit_pending (mutation_id INTEGER PRIMARY KEY, collection TEXT NOT NULL, row_id TEXT NOT NULL,
                                              op TEXT NOT NULL,
                                              base_version INTEGER NOT NULL,
                                              fields TEXT NOT NULL,
                                              attempts INTEGER NOT NULL DEFAULT 0);
                    CREATE INDEX kit_pending_row ON kit_pending (collection, row_id);
                    CREATE TABLE kit_conflicts (mutation_id INTEGER PRIMARY KEY, collection TEXT NOT NULL, row_id TEXT NOT NULL,
                                                fields TEXT NOT NULL, mine TEXT NOT NULL, server TEXT, server_version INTEGER NOT NULL);
                    CREATE TABLE kit_rejections (mutation_id INTEGER PRIMARY KEY, collection TEXT NOT NULL, row_id TEXT NOT NULL,
                                                 code TEXT NOT NULL, detail TEXT NOT NULL);
                    CREATE TABLE kit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    """)
            // One id per installation, as Patio's push expects (1–64 of A-Z a-z 0-9 - _).
            let clientID = "kit-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try db.execute(sql: "INSERT INTO kit_meta (key, value) VALUES ('client_id', ?), ('next_mutation_id', '1')", arguments: [clientID])
        }
        migrator.registerMigration("patiokit-v2-photos") { db in
            // Courier's photo proof taken offline, kept until uploaded.
            try db.execute(sql: "CREATE TABLE kit_photo_queue (key TEXT PRIMARY KEY, pickup_id TEXT NOT NULL, bytes BLOB NOT NULL)")
        }
        try migrator.migrate(database)
    }

    /// This installation's id in Patio's pushes.
    public func clientID() throws -> String {
        try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM kit_meta WHERE key = 'client_id'") ?? "" }
    }

    // MARK: Reading

    /// Every row of `collection` with pending changes applied; rows deleted offline are left out.
    public func rows(_ collection: String) throws -> [SyncedRow] {
        try database.read { db in
            var rows: [String: SyncedRow] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, version, data FROM kit_rows WHERE collection = ?", arguments: [collection]) {
                let id: String = row["id"]
                rows[id] = SyncedRow(id: id, version: row["version"], fields: try JSONObject.parse(row["data"]), isPending: false)
            }
            for pending in try Self.pending(db, collection: collection) {
                switch pending.op {
                case "delete":
                    rows[pending.rowID] = nil
                default:
                    var row = rows[pending.rowID] ?? SyncedRow(id: pending.rowID, version: 0, fields: ["id": .string(pending.rowID)], isPending: true)
                    row.fields.merge(pending.fields) { _, mine in mine }
                    row.isPending = true
                    rows[pending.rowID] = row
                }
            }
            return rows.values.sorted { $0.id < $1.id }
        }
    }

    public func row(_ collection: String, id: String) throws -> SyncedRow? {
        try rows(collection).first { $0.id == id }
    }

    /// Changes not yet accepted by Patio.
    public func pendingCount(_ collection: String? = nil) throws -> Int {
        try database.read { db in
            if let collection {
                return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kit_pending WHERE collection = ?", arguments: [collection]) ?? 0
            }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kit_pending") ?? 0
        }
    }

    public func conflicts() throws -> [SyncConflict] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM kit_conflicts ORDER BY mutation_id").map { row in
                let fields = try JSONDecoder().decode([String].self, from: Data((row["fields"] as String).utf8))
                let server: String? = row["server"]
                return SyncConflict(
                    mutationID: row["mutation_id"], collection: row["collection"], rowID: row["row_id"], fields: fields,
                    mine: try JSONObject.parse(row["mine"]), server: try server.map(JSONObject.parse), serverVersion: row["server_version"])
            }
        }
    }

    public func rejections() throws -> [SyncRejection] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM kit_rejections ORDER BY mutation_id").map { row in
                SyncRejection(
                    mutationID: row["mutation_id"], collection: row["collection"], rowID: row["row_id"], code: row["code"], detail: row["detail"])
            }
        }
    }

    /// Forgets rejections the app has shown.
    public func dismissRejections() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM kit_rejections") }
    }

    // MARK: Changing offline

    /// Changes `fields` of a row, offline: shown at once, queued for Patio.
    public func change(_ collection: String, id: String, fields: JSONObject) throws {
        try enqueue(collection, id: id, op: "put", fields: fields)
    }

    /// Deletes a row, offline.
    public func delete(_ collection: String, id: String) throws {
        try enqueue(collection, id: id, op: "delete", fields: [:])
    }

    private func enqueue(_ collection: String, id: String, op: String, fields: JSONObject) throws {
        try database.write { db in
            let base = try Int.fetchOne(db, sql: "SELECT version FROM kit_rows WHERE collection = ? AND id = ?", arguments: [collection, id]) ?? 0
            try Self.enqueue(db, collection: collection, id: id, op: op, baseVersion: base, fields: fields)
        }
    }

    static func enqueue(_ db: Database, collection: String, id: String, op: String, baseVersion: Int, fields: JSONObject) throws {
        let next = Int(try String.fetchOne(db, sql: "SELECT value FROM kit_meta WHERE key = 'next_mutation_id'") ?? "1") ?? 1
        try db.execute(
            sql: "INSERT INTO kit_pending (mutation_id, collection, row_id, op, base_version, fields) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [next, collection, id, op, baseVersion, try fields.text()])
        try db.execute(sql: "UPDATE kit_meta SET value = ? WHERE key = 'next_mutation_id'", arguments: [String(next + 1)])
    }

    // MARK: For the sync engine

    struct Pending: Sendable {
        var mutationID: Int
        var rowID: String
        var op: String
        var baseVersion: Int
        var fields: JSONObject
    }

    static func pending(_ db: Database, collection: String, limit: Int = .max) throws -> [Pending] {
        try Row.fetchAll(db, sql: "SELECT * FROM kit_pending WHERE collection = ? ORDER BY mutation_id LIMIT ?", arguments: [collection, limit]).map {
            row in
            Pending(
                mutationID: row["mutation_id"], rowID: row["row_id"], op: row["op"], baseVersion: row["base_version"],
                fields: try JSONObject.parse(row["fields"]))
        }
    }

    static func cursor(_ db: Database, collection: String) throws -> String? {
        try String.fetchOne(db, sql: "SELECT cursor FROM kit_cursors WHERE collection = ?", arguments: [collection])
    }
}
