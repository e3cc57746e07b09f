import Foundation
import PatioPlatform
import HummingbirdTesting
import PatioCore
import SQLiteNIO
import Testing
@testable import Courier

@Suite("An agent's offline copy holds exactly what the server holds for them: the ids devices compare are spelled one way")
struct DeviceCopyTests {
    @Test("a pickup reassigned to another agent leaves the first agent's SQLite copy, with its customer's name, address and phone")
    func reassignedPickupLeavesThePhone() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let moving = try await world.pickup(for: world.ana, sender: "Droguería La Esperanza")
            let staying = try await world.pickup(for: world.ana, window: ("14:00", "15:00"))
            try await AgentPhone.with(world, token: world.ana.token) { phone in
                try await phone.createTables()
                try await phone.pull("courier_pickups")
                let before = try await phone.rows("SELECT senderName FROM courier_pickups ORDER BY senderName")
                #expect(before.compactMap { $0.column("senderName")?.string } == ["Droguería La Esperanza", "Ferretería El Tornillo"])

                let moved = try await client.api(
                    .post, "/api/v1/courier/pickups/\(moving)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
                #expect(moved.status == .ok)
                let changes = try await phone.pull("courier_pickups")
                #expect(changes.map(\.op) == ["delete"])

                let customer = try await phone.rows(
                    "SELECT senderName, address, phone FROM courier_pickups WHERE senderName = ? OR id = ?",
                    [.text("Droguería La Esperanza"), .text(moving.uuidString.lowercased())])
                #expect(customer.isEmpty, "the reassigned pickup, its customer's name, address and phone, is still on Ana's phone")
                let left = try await phone.rows("SELECT id FROM courier_pickups")
                #expect(left.compactMap { $0.column("id")?.string } == [staying.uuidString.lowercased()])
            }
        }
    }

    @Test("a phone filled while tombstones were spelled in upper case is told, once, to re-create its tables, and the pickup it kept by mistake goes")
    func phonesFromBeforeRefillOnce() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            // The server as it was: the same tables, whose rows nothing told devices to drop.
            let unrevised = CourierOfflineTables.all.map {
                OfflineTable(
                    name: $0.name, collection: $0.collection, columns: $0.columns, primaryKey: $0.primaryKey, batchSize: $0.batchSize,
                    filter: $0.filter)
            }
            #expect(zip(unrevised, CourierOfflineTables.all).allSatisfy { $0.fingerprint != $1.fingerprint })
            let environment = patio.components.environment
            try await OfflineTableRegistry(database: environment.database, clock: patio.clock.clock, tables: unrevised).synchronize()

            let moving = try await world.pickup(for: world.ana, sender: "Droguería La Esperanza")
            let staying = try await world.pickup(for: world.ana, window: ("14:00", "15:00"))
            patio.clock.advance(by: 60)
            try await AgentPhone.with(world, token: world.ana.token) { phone in
                try await phone.createTables()
                try await phone.pull("courier_pickups")
                #expect(
                    try await client.api(
                        .post, "/api/v1/courier/pickups/\(moving)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString]
                    ).status == .ok)
                // What such a phone did with the tombstone: a delete by the id in upper case, which matched no row.
                _ = try await phone.sqlite.query("DELETE FROM courier_pickups WHERE id = ?", [.text(moving.uuidString.uppercased())])
                #expect(try await phone.rows("SELECT id FROM courier_pickups").count == 2)
                #expect(try await phone.refreshChangedTables().isEmpty, "nothing tells the phone to refill before the new server starts")

                // The new server starts: the tables' schema time moves, and the phone refills every table once.
                patio.clock.advance(by: 3_600)
                try await environment.offlineTables.synchronize()
                #expect(try await phone.refreshChangedTables() == ["courier_localities", "courier_photos", "courier_pickups"])
                let left = try await phone.rows("SELECT id, senderName FROM courier_pickups")
                #expect(left.compactMap { $0.column("id")?.string } == [staying.uuidString.lowercased()])
                #expect(try await phone.rows("SELECT id FROM courier_localities").count >= 33)

                // Later restarts keep the time: the phone does not refill again.
                patio.clock.advance(by: 3_600)
                try await environment.offlineTables.synchronize()
                #expect(try await phone.refreshChangedTables().isEmpty)
            }
        }
    }
}
