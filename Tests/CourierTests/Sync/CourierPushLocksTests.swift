import FluentKit
import Foundation
import HummingbirdTesting
import PatioCore
import PatioTestSupport
import SQLKit
import Testing
@testable import Courier

// A guard against a hang, not a measurement.
@Suite("Courier offline: pushes at the same time", .timeLimit(.minutes(3)))
struct CourierPushLocksTests {
    @Test(
        """
        on PostgreSQL a photo pushed onto a pickup waits for the push that holds that pickup, then sees what it did: the pickup was collected \
        meanwhile, so the photo is refused as the API would refuse it
        """,
        .enabled(if: TestDatabase.isPostgres, "pushes overlap only on PostgreSQL; SQLite has one writer"))
    func photoWaitsForItsPickup() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let photo = UUID(uuidString: try #require(try object(try await world.upload(as: world.ana))["id"] as? String))!
            let version = try #require(try await world.pullAll("courier.photos", token: world.ana.token).changes.first { $0.id == photo }?.version)
            let database = patio.components.database
            // Another of Ana's devices is pushing the pickup's collection: it holds the pickup's row until the block ends.
            let attach = try await withPushHolding(
                PickupService.collection, ids: [pickup], on: database,
                whileLocked: { db in
                    try await (try db.sql).raw("UPDATE courier_pickups SET state = 'collected' WHERE id = \(bind: pickup)").run()
                }
            ) {
                let attach = Task {
                    let results = try await world.push(
                        "courier.photos", token: world.ana.token, clientId: "ana-phone",
                        [["mutationId": 1, "op": "put", "id": photo.uuidString, "baseVersion": version, "fields": ["pickupId": pickup.uuidString]]])
                    return results.map { [$0["status"] as? String, $0["code"] as? String] }
                }
                try #require(try await database.waitForLockWaiters(1), "the photo's push waits for the pickup")
                return attach
            }
            #expect(try await attach.value == [["rejected", "pickup_closed"]])
            let photos = try await client.fetch("/api/v1/courier/pickups/\(pickup)/photos", token: world.ana.token)
            #expect((photos["items"] as? [[String: Any]])?.isEmpty == true)
        }
    }
}
