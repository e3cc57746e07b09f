import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

@Suite("Courier spells every id it sends in lower case, and reads ids in either case")
struct IDSpellingTests {
    /// `value` is an id written in lower case (`162666a7-…`).
    static func isLowerCaseID(_ value: Any?) -> Bool {
        guard let text = value as? String else { return false }
        return UUID(uuidString: text) != nil && text == text.lowercased()
    }

    /// The raw changes of a pull from the start, as the server wrote them.
    static func rawChanges(_ world: CourierWorld, _ collection: String, token: String, cursor: String? = nil) async throws -> [[String: Any]] {
        let page = try await world.client.fetch("/api/v1/sync/\(collection)?limit=1000" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
        return try #require(page["changes"] as? [[String: Any]])
    }

    @Test("each sync change's id is its row's data.id, character for character, and tombstones are spelled the same way")
    func changesMatchTheirRows() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            _ = try await world.upload(as: world.ana, pickup: pickup)
            for collection in ["courier.pickups", "courier.photos", "courier.localities"] {
                let changes = try await Self.rawChanges(world, collection, token: world.ana.token)
                let misspelled = changes.filter {
                    !Self.isLowerCaseID($0["id"]) || $0["id"] as? String != ($0["data"] as? [String: Any])?["id"] as? String
                }
                #expect(!changes.isEmpty && misspelled.isEmpty, "\(collection): \(misspelled.prefix(3).map { $0["id"] ?? "" })")
            }
            let row = try #require(try await Self.rawChanges(world, "courier.pickups", token: world.ana.token).first?["data"] as? [String: Any])
            #expect(Self.isLowerCaseID(row["agentId"]))
            #expect(
                Self.isLowerCaseID(
                    try await Self.rawChanges(world, "courier.photos", token: world.ana.token).first.flatMap {
                        ($0["data"] as? [String: Any])?["pickupId"]
                    }))

            let (_, cursor) = try await world.pullAll("courier.pickups", token: world.ana.token)
            #expect(
                try await client.api(
                    .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString]
                ).status == .ok)
            let tombstones = try await Self.rawChanges(world, "courier.pickups", token: world.ana.token, cursor: cursor)
            #expect(tombstones.map { $0["op"] as? String } == ["delete"])
            #expect(tombstones.first?["id"] as? String == pickup.uuidString.lowercased())
        }
    }

    @Test("the API spells pickups', agents', photos' and history ids as the sync rows do, and a conflict's server row too")
    func apiAnswersMatchTheRows() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let created = try await client.created(
                "/api/v1/courier/pickups", token: world.dispatch,
                [
                    "senderName": "Panadería Sol", "phone": "3101234567", "address": "Carrera 7 # 45-10", "localityCode": "11001000",
                    "day": world.today,
                    "windowStart": "11:00", "windowEnd": "12:00", "declaredValue": 20_000, "agentId": world.ana.id.uuidString,
                ])
            #expect(Self.isLowerCaseID(created["id"]) && Self.isLowerCaseID(created["agentId"]))
            let id = try #require(created["id"] as? String)
            let synced = try await Self.rawChanges(world, "courier.pickups", token: world.ana.token)
            #expect(synced.map { $0["id"] as? String } == [id])

            let agenda = try #require(try await client.fetch("/api/v1/courier/me/pickups", token: world.ana.token)["items"] as? [[String: Any]])
            #expect(agenda.map { $0["id"] as? String } == [id])
            let board = try #require(
                try await client.fetch("/api/v1/courier/pickups?day=\(world.today)", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(board.map { $0["id"] as? String } == [id])
            let me = try await client.fetch("/api/v1/courier/me", token: world.ana.token)
            #expect(Self.isLowerCaseID(me["id"]) && Self.isLowerCaseID(me["accountId"]))
            let agents = try #require(try await client.fetch("/api/v1/courier/agents", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(!agents.isEmpty && agents.allSatisfy { Self.isLowerCaseID($0["id"]) && Self.isLowerCaseID($0["accountId"]) })

            let photo = try object(try await world.upload(as: world.ana, pickup: try #require(UUID(uuidString: id))))
            #expect(Self.isLowerCaseID(photo["id"]) && photo["pickupId"] as? String == id)
            #expect((photo["url"] as? String)?.contains(try #require(photo["id"] as? String)) == true)
            let loose = try object(try await world.upload(as: world.ana))
            #expect(loose["pickupId"] == nil, "a photo on no pickup leaves pickupId out, as before")
            let history = try #require(
                try await client.fetch("/api/v1/courier/pickups/\(id)/history", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(!history.isEmpty && history.allSatisfy { Self.isLowerCaseID($0["actorId"]) })

            // Dispatch cancels while Ana's phone is offline: her stale move answers with the server's row.
            let version = try #require(synced.first?["version"] as? Int)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(id)/cancel", token: world.dispatch).status == .ok)
            let results = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    ["mutationId": 1, "op": "put", "id": id, "baseVersion": version, "fields": ["state": "on_the_way"]]
                ])
            let server = try #require(results.first?["server"] as? [String: Any])
            #expect(results.first?["status"] as? String == "conflict" && server["id"] as? String == id)
        }
    }

    @Test("ids a client sends in upper case are still accepted: in paths, queries, bodies and sync pushes; a malformed one is refused")
    func upperCaseIDsAreRead() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let upper = pickup.uuidString.uppercased()
            #expect(
                try await client.fetch("/api/v1/courier/pickups/\(upper)", token: world.ana.token)["id"] as? String == pickup.uuidString.lowercased())
            let mine = try #require(
                try await client.fetch(
                    "/api/v1/courier/pickups?day=\(world.today)&agentId=\(world.ana.id.uuidString.uppercased())",
                    token: world.dispatch)["items"] as? [[String: Any]])
            #expect(mine.map { $0["id"] as? String } == [pickup.uuidString.lowercased()])
            let photo = try object(try await world.upload(as: world.ana, pickup: pickup))
            #expect(photo["pickupId"] as? String == pickup.uuidString.lowercased())
            let photoID = try #require(photo["id"] as? String)
            let detached = try await client.api(
                .patch, "/api/v1/courier/photos/\(photoID.uppercased())", token: world.ana.token, body: ["pickupId": NSNull()])
            #expect(detached.status == .ok)
            let attached = try await client.api(.patch, "/api/v1/courier/photos/\(photoID)", token: world.ana.token, body: ["pickupId": upper])
            #expect(try attached.status == .ok && object(attached)["pickupId"] as? String == pickup.uuidString.lowercased())

            let version = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.version)
            let pushed = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    ["mutationId": 1, "op": "put", "id": upper, "baseVersion": version, "fields": ["state": "on_the_way"]]
                ])
            #expect(pushed.first?["status"] as? String == "applied")
            let moved = try await client.api(
                .post, "/api/v1/courier/pickups/\(upper)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString.uppercased()])
            #expect(try moved.status == .ok && object(moved)["agentId"] as? String == world.beto.id.uuidString.lowercased())

            let malformed = try await client.api(.get, "/api/v1/courier/pickups?agentId=\(world.ana.id.uuidString.dropLast())", token: world.dispatch)
            #expect(try malformed.status == .unprocessableContent && problem(malformed).errors?.first?.code == "agent_id_format")
        }
    }
}
