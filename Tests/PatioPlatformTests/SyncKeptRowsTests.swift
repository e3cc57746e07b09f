import FluentKit
import Foundation
import PatioCore
import PatioData
@testable import PatioPlatform
import PatioTestSupport
import SQLKit
import Testing

/// A collection may hand the feed each row's JSON when it writes the row (`recordPut(…, written:)`); pulls then
/// copy it instead of reading the module's table.
@Suite("The sync feed keeps the JSON a collection hands it, and never a stale one")
struct SyncKeptRowsTests {
    static let collection = "test.rows"
    static let table = SyncTableRows(table: "wire_rows", columns: [("name", "name", .text), ("count", "count", .integer)])

    @Test("a put handed its JSON is pulled as those bytes; a later put without it is read from the table, not sent stale")
    func keptUntilTheNextPut() async throws {
        try await withFeed { database, service in
            let id = UUID()
            // The feed keeps what it is handed: here on purpose not what the table holds, to see which one a pull sends.
            try await Self.put(id, name: "in the table", count: 1, handing: Self.json(id, name: "kept", count: 1), on: database)
            #expect(try await Self.pulledName(id, service) == "kept")

            try await Self.put(id, name: "changed by a writer that hands nothing", count: 2, handing: nil, on: database)
            #expect(try await Self.pulledName(id, service) == "changed by a writer that hands nothing")

            try await Self.put(id, name: "handed again", count: 3, handing: Self.json(id, name: "handed again", count: 3), on: database)
            #expect(try await Self.pulledName(id, service) == "handed again")
        }
    }

    @Test("a tombstone keeps no JSON: a deleted row is pulled as a delete, and put again as what it holds then")
    func tombstonesKeepNothing() async throws {
        try await withFeed { database, service in
            let id = UUID()
            try await Self.put(id, name: "first", count: 1, handing: Self.json(id, name: "first", count: 1), on: database)
            try await database.write { db in
                try await (try db.sql).raw("DELETE FROM wire_rows WHERE id = \(bind: id)").run()
                try await SyncFeed().recordDelete(Self.collection, id: id, on: db)
            }
            let page = try await service.pull(Self.collection, principal: Self.reader, cursor: nil, limit: 10)
            #expect(try page.decoded.changes.map(\.op) == [.delete])
            #expect(try await Self.keptRows(database) == 0)

            try await Self.put(id, name: "back", count: 2, handing: Self.json(id, name: "back", count: 2), on: database)
            #expect(try await Self.pulledName(id, service) == "back")
        }
    }

    @Test("a page is the same bytes whether the rows' JSON was kept or read, with rows of both kinds on one page")
    func keptAndReadAgree() async throws {
        try await withFeed { database, service in
            let rows = (0..<6).map { (UUID(), "Fila \($0) \"ñ\"\n", $0 * 1_000 - 2_000) }
            for (index, row) in rows.enumerated() {
                let handed = index.isMultiple(of: 2) ? Self.json(row.0, name: row.1, count: row.2) : nil
                try await Self.put(row.0, name: row.1, count: row.2, handing: handed, on: database)
            }
            #expect(try await Self.keptRows(database) == 3)
            let mixed = try await service.pull(Self.collection, principal: Self.reader, cursor: nil, limit: 10)
            try await database.write { db in try await (try db.sql).raw("UPDATE sync_rows SET data = NULL").run() }
            let read = try await service.pull(Self.collection, principal: Self.reader, cursor: nil, limit: 10)
            #expect(String(decoding: mixed.json, as: UTF8.self) == String(decoding: read.json, as: UTF8.self))
            #expect(String(decoding: read.json, as: UTF8.self).contains("Fila 5"))
        }
    }

    // MARK: The world

    static let reader = Principal(
        accountID: UUID(), email: "reader@test.patio", name: "Reader", locale: .en, roles: [], sessionID: UUID(), accountCreatedAt: Date())

    /// What `table.written` writes for a row holding these values.
    static func json(_ id: UUID, name: String, count: Int) -> JSONText {
        var text = JSONText()
        text.object(["id": .string(id.wireText), "name": .string(name), "count": .number(Double(count))])
        return text
    }

    /// Writes the row and records its put, handing the feed `written` when given, in one transaction.
    static func put(_ id: UUID, name: String, count: Int, handing written: JSONText?, on database: PatioDatabase) async throws {
        try await database.write { db in
            let sql = try db.sql
            try await sql.raw("DELETE FROM wire_rows WHERE id = \(bind: id)").run()
            try await sql.raw("INSERT INTO wire_rows (id, name, count) VALUES (\(bind: id), \(bind: name), \(bind: count))").run()
            try await SyncFeed().recordPut(Self.collection, id: id, scope: "all", changed: ["name", "count"], written: written, on: db)
        }
    }

    /// The name the newest put of `id` carries in a whole pull.
    static func pulledName(_ id: UUID, _ service: SyncService) async throws -> String? {
        let page = try await service.pull(Self.collection, principal: Self.reader, cursor: nil, limit: 100)
        let put = try #require(try page.decoded.changes.last { $0.id == id && $0.op == .put }, "a put of the row was pulled")
        return put.data?["name"]?.stringValue
    }

    /// How many rows' JSON the feed keeps.
    static func keptRows(_ database: PatioDatabase) async throws -> Int? {
        struct Count: Decodable { let n: Int }
        return try await (try database.reader.sql).raw("SELECT COUNT(*) AS n FROM sync_rows WHERE data IS NOT NULL").first(decoding: Count.self)?.n
    }

    private func withFeed(_ body: (PatioDatabase, SyncService) async throws -> Void) async throws {
        try await withPlatformDatabase("sync-kept-rows") { database, _ in
            let id = TestDatabase.isPostgres ? "UUID" : "TEXT"
            try await database.write { db in
                try await (try db.sql).raw(
                    "CREATE TABLE wire_rows (id \(unsafeRaw: id) PRIMARY KEY, name TEXT NOT NULL, count BIGINT NOT NULL)"
                ).run()
            }
            let collection = SyncCollection(
                name: Self.collection, scopes: { _ in ["all"] }, rows: Self.table.rows, writtenRows: Self.table.written,
                apply: { _, _, _, _ in throw SyncRejection("read_only", "Read only.") })
            try await body(database, SyncService(database: database, collections: [collection]))
        }
    }
}
