import Foundation
import HummingbirdTesting
import Logging
import NIOCore
import NIOPosix
import PatioCore
import SQLiteNIO
import Testing
@testable import Courier

@Suite("Courier's offline tables: a device creates them from the published statements and loads every pulled row")
struct OfflineTablesTests {
    struct Published: Decodable {
        var name: String
        var collection: String
        var primaryKey: [String]
        var createStatement: String
        var batchSize: Int
        var filter: String
        var fieldCount: Int
        var schemaChangedAt: Date
    }

    static func published(_ world: CourierWorld, token: String) async throws -> [Published] {
        let response = try await world.client.api(.get, "/api/v1/offline-tables", token: token)
        try #require(response.status == .ok, "offline-tables answered \(response.status)")
        struct Items: Decodable { var items: [Published] }
        return try PatioJSON.decoder().decode(Items.self, from: Data(buffer: response.body)).items
    }

    @Test("every table an agent gets is created by SQLite from its statement and holds every row pulled for it, batch by batch")
    func statementsAndRowsLoadIntoSQLite() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            try await world.pickup(for: world.ana, sender: "Otra", window: ("14:00", "15:00"))
            try await world.pickup(for: world.beto)
            _ = try await world.upload(as: world.ana, pickup: pickup)
            _ = try await world.upload(as: world.ana)

            let tables = try await Self.published(world, token: world.ana.token)
            #expect(tables.map(\.name) == ["courier_localities", "courier_photos", "courier_pickups"])
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let device = try await SQLiteConnection.open(storage: .file(path: folder.appendingPathComponent("device.sqlite").path))
            defer { _ = device.close() }
            var loaded: [String: Int] = [:]
            for table in tables {
                #expect(!table.createStatement.contains("IF NOT EXISTS") && table.createStatement.hasPrefix("CREATE TABLE \(table.name)("))
                _ = try await device.query(table.createStatement)
                let columns = try await device.query("PRAGMA table_info(\(table.name))")
                let names = columns.compactMap { $0.column("name")?.string }
                #expect(names.count == table.fieldCount)
                #expect(columns.filter { ($0.column("pk")?.integer ?? 0) > 0 }.compactMap { $0.column("name")?.string } == table.primaryKey)
                var cursor: String? = nil
                repeat {
                    let path = "/api/v1/sync/\(table.collection)?limit=\(table.batchSize)" + (cursor.map { "&cursor=\($0)" } ?? "")
                    let response = try await client.api(.get, path, token: world.ana.token)
                    let page = try PatioJSON.decoder().decode(CourierWorld.Page.self, from: Data(buffer: response.body))
                    #expect(page.changes.count <= table.batchSize)
                    for change in page.changes {
                        let data = try #require(change.data)
                        #expect(Set(data.keys) == Set(names), "\(table.name): row keys are the table's columns")
                        let sql =
                            "INSERT INTO \(table.name) (\(names.joined(separator: ","))) VALUES (\(names.map { _ in "?" }.joined(separator: ",")))"
                        _ = try await device.query(sql, names.map { Self.sqlite(data[$0] ?? .null) })
                        loaded[table.name, default: 0] += 1
                    }
                    cursor = page.hasMore ? page.cursor : nil
                } while cursor != nil
                let count = try await device.query("SELECT COUNT(*) AS n FROM \(table.name)").first?.column("n")?.integer
                #expect(count == loaded[table.name] ?? 0)
            }
            #expect(loaded["courier_pickups"] == 2 && loaded["courier_photos"] == 2)
            #expect((loaded["courier_localities"] ?? 0) >= 33)
            let stored = try await device.query("SELECT state, photoCount FROM courier_pickups WHERE id = ?", [.text(pickup.uuidString.lowercased())])
                .first
            #expect(stored?.column("state")?.string == "assigned" && stored?.column("photoCount")?.integer == 1)
        }
    }

    @Test("dispatch's devices get the network only; a signed-out caller gets 401")
    func whoGetsWhichTables() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            #expect(try await Self.published(world, token: world.dispatch).map(\.name) == ["courier_localities"])
            let outsider = try await patio.token(for: "otro@test.patio", client: client)
            #expect(try await Self.published(world, token: outsider).isEmpty)
            #expect(try await client.api(.get, "/api/v1/offline-tables").status == .unauthorized)
        }
    }

    static func sqlite(_ value: JSONValue) -> SQLiteData {
        switch value {
        case .string(let text): .text(text)
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? .integer(Int(number)) : .float(number)
        case .bool(let flag): .integer(flag ? 1 : 0)
        case .null, .object, .array: .null
        }
    }
}
