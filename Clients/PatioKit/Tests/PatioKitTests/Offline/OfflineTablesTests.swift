import Foundation
import GRDB
import PatioKit
import Testing

@Suite("Offline tables: Courier's published tables created on the device from their statements and filled batch by batch")
struct OfflineTablesTests {
    @Test("the agent's tables are created and filled in batches of their size; a second refresh creates nothing and pulls nothing new")
    func agentTables() async throws {
        try await RunningPatio.with { server in
            let agent = try await server.signedIn("mensajero@demo.patio")
            let tables = try OfflineTables(patio: agent, database: try DatabaseQueue())
            let first = try await tables.refresh()
            #expect(!first.isEmpty && first.allSatisfy(\.created))
            let pickups = try #require(first.first { $0.table == "courier_pickups" })
            #expect(pickups.changes > 0)
            let stored = try await tables.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM courier_pickups") ?? 0 }
            #expect(stored == pickups.changes)
            // Every column of a stored row came from Patio's data, under the statement's own column names.
            let columns = try await tables.database.read { db in try db.columns(in: "courier_pickups").map(\.name) }
            #expect(columns.contains("id"))

            let again = try await tables.refresh()
            #expect(again.allSatisfy { !$0.created && $0.changes == 0 && $0.batches == 1 })
        }
    }

    @Test("an account that keeps no offline tables gets none, and nothing is created")
    func noTables() async throws {
        try await RunningPatio.with { server in
            let tables = try OfflineTables(patio: try await server.signedIn("alumna@demo.patio"), database: try DatabaseQueue())
            #expect(try await tables.refresh().isEmpty)
        }
    }
}
