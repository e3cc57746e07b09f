import Foundation
import HummingbirdTesting
import Logging
import PatioModules
@testable import PatioPlatform
import PatioServer
import PatioServerTestSupport
import PatioTestSupport
import Testing

@Suite("Notifications: two Patio instances on one PostgreSQL deliver each push once")
struct NotificationDeliveryInstancesTests {
    typealias Office = NotificationsAPITests.Office

    /// A second Patio on the same database and clock, as another server behind the same load balancer.
    static func withSecondInstance(_ patio: TestPatio, _ body: (PatioComponents) async throws -> Void) async throws {
        var logger = Logger(label: "second-instance")
        logger.logLevel = .warning
        let second = try await buildComponents(patio.components.configuration, clock: patio.clock.clock, modules: availableModules, logger: logger)
        do {
            try await body(second)
        } catch {
            await second.close()
            throw error
        }
        await second.close()
    }

    /// Ana's browser subscribed, and `count` tasks assigned to her: as many pushes waiting.
    static func tasksForAnasBrowser(_ count: Int, _ patio: TestPatio, _ client: any TestClientProtocol, _ push: FakePushService) async throws {
        let office = try await Office.make(patio, client)
        _ = try await client.created("/api/v1/notifications/devices", token: office.ana, push.subscribe("ana"))
        for number in 1...count { try await office.assign("Tarea \(number)", to: office.anaID, client: client) }
    }

    @Test(
        "both instances' workers claim at once, and every push reaches the browser exactly once",
        .enabled(if: TestDatabase.isPostgres, "two instances share a database only on PostgreSQL; SQLite is one process"))
    func claimsDoNotOverlap() async throws {
        try await NotificationDeliveryTests.withPatio { patio, client, push in
            try await Self.tasksForAnasBrowser(40, patio, client, push)
            try await Self.withSecondInstance(patio) { second in
                let workers = [patio.components.notificationDelivery, second.notificationDelivery]
                // Small rounds, both workers looping until neither finds anything: their claims interleave.
                let attempted = try await withThrowingTaskGroup(of: Int.self) { group in
                    for worker in workers {
                        group.addTask {
                            var total = 0
                            while true {
                                let round = try await worker.deliverDue(limit: 5, concurrency: 5)
                                if round == 0 { return total }
                                total += round
                            }
                        }
                    }
                    return try await group.reduce(into: [Int]()) { $0.append($1) }
                }
                #expect(attempted.reduce(0, +) == 40, "\(attempted)")
            }
            let bodies = push.received.compactMap { $0.payload["body"] }
            #expect(bodies.count == 40 && Set(bodies).count == 40)
            let rows = try await NotificationDeliveryTests.deliveries(patio)
            #expect(rows.count == 40 && rows.allSatisfy { $0.state == "sent" && $0.attempts == 1 })
        }
    }

    @Test(
        "an instance that dies after claiming loses nothing: the other sends its pushes once the claim runs out",
        .enabled(if: TestDatabase.isPostgres, "two instances share a database only on PostgreSQL; SQLite is one process"))
    func deadInstanceClaimRunsOut() async throws {
        try await NotificationDeliveryTests.withPatio { patio, client, push in
            try await Self.tasksForAnasBrowser(3, patio, client, push)
            try await Self.withSecondInstance(patio) { second in
                // The second instance claims everything, then stops before pushing anything.
                let claimed = try await second.notificationDelivery.claim(limit: 50)
                #expect(claimed.count == 3)
            }
            let survivor = patio.components.notificationDelivery
            #expect(try await survivor.deliverDue() == 0, "claimed deliveries are not taken while the claim holds")
            patio.clock.advance(by: survivor.lease + 1)
            #expect(try await survivor.deliverDue() == 3)
            #expect(try await survivor.deliverDue() == 0)
            #expect(push.received.count == 3 && Set(push.received.compactMap { $0.payload["body"] }).count == 3)
            #expect(try await NotificationDeliveryTests.deliveries(patio).allSatisfy { $0.state == "sent" && $0.attempts == 2 })
        }
    }
}
