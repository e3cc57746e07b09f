import Foundation
import HummingbirdTesting
import PatioCore
import SQLiteNIO
import Testing
@testable import Courier

/// An agent's phone as docs/sync.md describes it: a real SQLite file holding the tables Courier publishes,
/// created from their `createStatement`, and filled by pulling each table's collection — a `put` inserts
/// (or replaces) the change's `data`, a `delete` deletes the row whose `id` is the change's `id`, both
/// compared exactly as SQLite compares text. The ids are kept as the server wrote them, never parsed.
struct AgentPhone {
    struct Change: Decodable {
        var op: String
        var id: String
        var version: Int
        var data: [String: JSONValue]?
    }

    private struct Page: Decodable {
        var changes: [Change]
        var cursor: String
        var hasMore: Bool
    }

    let world: CourierWorld
    let token: String
    let sqlite: SQLiteConnection
    private let folder: URL
    private(set) var tables: [String: OfflineTablesTests.Published] = [:]
    private var cursors: [String: String] = [:]
    /// When the phone created each table (by the server's clock).
    private var createdAt: [String: Date] = [:]

    /// Runs `body` with a new phone signed in with `token`, and closes the phone whatever `body` does: a phone
    /// left open when a test fails stops every test at once (SQLiteNIO asserts that a connection was closed).
    static func with(_ world: CourierWorld, token: String, _ body: (inout AgentPhone) async throws -> Void) async throws {
        var phone = try await open(world, token: token)
        do {
            try await body(&phone)
        } catch {
            await phone.close()
            throw error
        }
        await phone.close()
    }

    /// A new phone (an empty database file) signed in with `token`.
    private static func open(_ world: CourierWorld, token: String) async throws -> AgentPhone {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agent-phone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sqlite = try await SQLiteConnection.open(storage: .file(path: folder.appendingPathComponent("phone.sqlite").path))
        return AgentPhone(world: world, token: token, sqlite: sqlite, folder: folder)
    }

    func close() async {
        try? await sqlite.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Creates every table the server publishes for this account, from its statement (dropping a copy the
    /// phone already has, as docs/sync.md says), and forgets the table's cursor.
    mutating func createTables() async throws {
        for table in try await OfflineTablesTests.published(world, token: token) { try await create(table) }
    }

    /// Step 4 of docs/sync.md: every table whose `schemaChangedAt` is later than when the phone created it is
    /// dropped, created again and pulled from the start. Returns the names of the tables it refilled.
    mutating func refreshChangedTables() async throws -> [String] {
        var refilled: [String] = []
        for table in try await OfflineTablesTests.published(world, token: token) where table.schemaChangedAt > createdAt[table.name] ?? .distantPast {
            try await create(table)
            try await pull(table.name)
            refilled.append(table.name)
        }
        return refilled
    }

    private mutating func create(_ table: OfflineTablesTests.Published) async throws {
        _ = try await sqlite.query("DROP TABLE IF EXISTS \(table.name)")
        _ = try await sqlite.query(table.createStatement)
        tables[table.name] = table
        cursors[table.name] = nil
        createdAt[table.name] = world.patio.clock.date
    }

    /// Pulls `table` from its cursor until caught up and applies each change; returns the changes.
    @discardableResult
    mutating func pull(_ table: String) async throws -> [Change] {
        let published = try #require(tables[table], "the phone has no table \(table)")
        var all: [Change] = []
        while true {
            let path = "/api/v1/sync/\(published.collection)?limit=\(published.batchSize)" + (cursors[table].map { "&cursor=\($0)" } ?? "")
            let response = try await world.client.api(.get, path, token: token)
            try #require(response.status == .ok, "pull answered \(response.status): \(String(buffer: response.body))")
            let page = try PatioJSON.decoder().decode(Page.self, from: Data(buffer: response.body))
            for change in page.changes { try await apply(change, to: table) }
            all += page.changes
            cursors[table] = page.cursor
            if !page.hasMore { return all }
        }
    }

    private func apply(_ change: Change, to table: String) async throws {
        switch change.op {
        case "delete":
            _ = try await sqlite.query("DELETE FROM \(table) WHERE id = ?", [.text(change.id)])
        default:
            let data = try #require(change.data, "a put carries its row")
            let columns = data.keys.sorted()
            let sql =
                "INSERT OR REPLACE INTO \(table) (\(columns.joined(separator: ","))) VALUES (\(columns.map { _ in "?" }.joined(separator: ",")))"
            _ = try await sqlite.query(sql, columns.map { OfflineTablesTests.sqlite(data[$0] ?? .null) })
        }
    }

    /// The rows a query finds on the phone.
    func rows(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try await sqlite.query(sql, binds)
    }
}
