import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioServer
import Testing
@testable import Courier

@Suite("Dispatch's board changes live (WebSocket)")
struct BoardEventsTests {
    static let live: @Sendable (inout PatioConfiguration) -> Void = { $0.port = 0 }

    /// The state of `pickup` in a board message, if it is there.
    static func state(of pickup: UUID, in text: String) -> String? {
        (jsonObject(text)["pickups"] as? [[String: Any]])?.first { ($0["id"] as? String) == pickup.uuidString.lowercased() }?["state"] as? String
    }

    @Test("the board shows the day when it connects, then each move the agent makes, also when pushed from offline")
    func boardFollowsTheAgent() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.live, testing: .live) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let photo = try object(try await world.upload(as: world.ana, pickup: pickup))
            #expect(photo["pickupId"] as? String == pickup.uuidString.lowercased())
            let version = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.version)
            let messages = try await watchSocket(
                port: client.port!, "/api/v1/courier/board/events?day=\(world.today)", token: world.dispatch,
                until: .when { Self.state(of: pickup, in: $0) == "collected" }
            ) {
                #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: world.ana.token).status == .ok)
                let pushed = try await world.push(
                    "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                    [
                        ["mutationId": 1, "op": "put", "id": pickup.uuidString, "baseVersion": version + 1, "fields": ["state": "collected"]]
                    ])
                #expect(pushed.first?["status"] as? String == "applied")
            }
            let states = messages.compactMap { Self.state(of: pickup, in: $0) }
            #expect(states.first == "assigned" && states.last == "collected" && states.contains("on_the_way"))
            #expect(messages.allSatisfy { jsonObject($0)["type"] as? String == "board" && jsonObject($0)["day"] as? String == world.today })
        }
    }

    @Test("only dispatch may watch the board")
    func onlyDispatch() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let agent = try await client.api(
                .get, "/api/v1/courier/board/events", token: world.ana.token, headers: [.secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ=="])
            #expect(agent.status == .forbidden)
            #expect(try await client.api(.get, "/api/v1/courier/board/events").status == .unauthorized)
            let notSocket = try await client.api(.get, "/api/v1/courier/board/events", token: world.dispatch)
            #expect(notSocket.status == .upgradeRequired)
            let badDay = try await client.api(
                .get, "/api/v1/courier/board/events?day=mañana", token: world.dispatch, headers: [.secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ=="])
            #expect(badDay.status == .unprocessableContent)
        }
    }
}
