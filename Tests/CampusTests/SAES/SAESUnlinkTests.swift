import FakeSAES
import FluentKit
import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

@Suite("Campus SAES: unlinking erases every page, also while a sync is under way")
struct SAESUnlinkTests {
    /// Waits (a bounded number of turns, no timing asserted) until the fake portal has received more than `count` requests.
    private func waitForRequests(after count: Int, _ fake: FakeSAES) async throws {
        for _ in 0..<1_000 where fake.requestsArrived <= count { try await Task.sleep(for: .milliseconds(10)) }
        try #require(fake.requestsArrived > count, "the sync never reached SAES")
    }

    @Test(
        "a sync under way when the student unlinks — whether SAES then fails or answers — writes no page back and answers that there is no link",
        arguments: [FakeSAES.Trouble.crashing, .none])
    func unlinkDuringSync(then trouble: FakeSAES.Trouble) async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let db = try world.patio.components.database.reader
            #expect(try await SAESPageModel.query(on: db).count() > 0)

            // SAES holds the sync's first request: the sync is in flight.
            world.fake.setTrouble(.silent)
            let before = world.fake.requestsArrived
            let client = world.client, token = world.student
            let sync = Task { try await client.api(.post, "/api/v1/campus/saes/sync", token: token) }
            try await waitForRequests(after: before, world.fake)

            #expect(try await world.client.api(.delete, "/api/v1/campus/saes/link", token: world.student).status == .noContent)
            #expect(try await SAESPageModel.query(on: db).count() == 0)
            world.fake.setTrouble(trouble)
            let answer = try await sync.value
            #expect(try answer.status == .notFound && problem(answer).code == "saes_not_linked")

            #expect(try await SAESPageModel.query(on: db).count() == 0)
            #expect(try await SAESLinkModel.query(on: db).count() == 0)
            #expect(try await world.client.api(.get, "/api/v1/campus/saes/record", token: world.student).status == .notFound)
        }
    }

    @Test("the six-hourly sync of a student who unlinked while SAES was failing leaves nothing behind")
    func unlinkDuringScheduledSync() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            world.patio.clock.advance(by: 7 * 3600)
            world.fake.setTrouble(.silent)
            let before = world.fake.requestsArrived
            let sync = world.patio.components
            let services = CampusServices(environment: sync.environment)
            let job = Task { try await services.saesSync.syncDue(olderThan: 6 * 3600) }
            try await waitForRequests(after: before, world.fake)
            #expect(try await world.client.api(.delete, "/api/v1/campus/saes/link", token: world.student).status == .noContent)
            world.fake.setTrouble(.crashing)
            #expect(try await job.value == 0)
            let db = try sync.database.reader
            #expect(try await SAESPageModel.query(on: db).count() == 0)
        }
    }
}
