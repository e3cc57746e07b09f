import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

@Suite("Courier offline: agents pull the network, their pickups and photos, and push pickup moves made offline")
struct CourierSyncTests {
    @Test("an agent pulls the whole active network, only their own pickups and only their own photos")
    func pullsWhatTheAgentMaySee() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let mine = try await world.pickup(for: world.ana)
            try await world.pickup(for: world.beto)
            _ = try await world.upload(as: world.ana, pickup: mine)
            _ = try await world.upload(as: world.beto)

            let network = try await world.pullAll("courier.localities", token: world.ana.token, limit: 7).changes
            let active = try LocalityCSV.parse(CourierDemo.networkCSV()).get().filter { $0.status == 1 }
            #expect(Set(network.compactMap { $0.data?["code"]?.stringValue }) == Set(active.map(\.id)))
            #expect(network.first { $0.data?["code"] == .string("11001000") }?.data?["name"] == .string("Bogotá D.C."))

            let pickups = try await world.pullAll("courier.pickups", token: world.ana.token).changes
            #expect(pickups.map(\.id) == [mine])
            #expect(pickups.first?.data?["photoCount"] == .number(1))
            let photos = try await world.pullAll("courier.photos", token: world.ana.token).changes
            #expect(photos.count == 1 && photos.first?.data?["pickupId"] == .string(mine.uuidString.lowercased()))

            // Dispatch works through the API; pickups and photos are field devices' collections.
            let refused = try await client.api(.get, "/api/v1/sync/courier.pickups", token: world.dispatch)
            #expect(try refused.status == .forbidden && (problem(refused)).code == "sync_forbidden")
            #expect(try await client.api(.get, "/api/v1/sync/courier.localities", token: world.dispatch).status == .ok)
        }
    }

    @Test("each pulled locality carries every field of its record under its wire name, and its row id")
    func localityRowsAreTheirRecords() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let network = try await world.pullAll("courier.localities", token: world.ana.token, limit: 500).changes
            let records = Dictionary(uniqueKeysWithValues: try LocalityCSV.parse(CourierDemo.networkCSV()).get().map { ($0.id, $0) })
            #expect(!network.isEmpty)
            for change in network {
                var data = try #require(change.data)
                #expect(data.removeValue(forKey: "id") == .string(change.id.uuidString.lowercased()))
                let record = try #require(records[data["code"]?.stringValue ?? ""])
                #expect(data == LocalityWire.row(record))
            }
        }
    }

    @Test("a reassigned pickup leaves the first agent's device (tombstone) and reaches the second's")
    func reassignmentMovesTheRow() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let (_, anaCursor) = try await world.pullAll("courier.pickups", token: world.ana.token)
            let moved = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
            #expect(moved.status == .ok)
            let ana = try await world.pullAll("courier.pickups", token: world.ana.token, from: anaCursor).changes
            #expect(ana.map(\.op) == ["delete"] && ana.first?.id == pickup)
            let beto = try await world.pullAll("courier.pickups", token: world.beto.token).changes
            #expect(beto.map(\.op) == ["put"] && beto.first?.data?["state"] == .string("assigned"))
        }
    }

    @Test("moves made offline apply in order once; the same push replayed changes nothing")
    func offlineMovesAndReplay() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            _ = try await world.upload(as: world.ana, pickup: pickup)
            let version = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.version)
            // Collected two minutes before the phone got its connection back, ten minutes after dispatch made it.
            patio.clock.advance(by: 720)
            let finishedAt = Timestamp.format(patio.clock.date.addingTimeInterval(-120))
            let batch: [[String: Any]] = [
                ["mutationId": 1, "op": "put", "id": pickup.uuidString, "baseVersion": version, "fields": ["state": "on_the_way"]],
                [
                    "mutationId": 2, "op": "put", "id": pickup.uuidString, "baseVersion": version,
                    "fields": ["state": "collected", "finishedAt": finishedAt, "latitude": 4.6097, "longitude": -74.0817],
                ],
            ]
            let first = try await world.push("courier.pickups", token: world.ana.token, clientId: "ana-phone", batch)
            #expect(first.map { $0["status"] as? String } == ["applied", "applied"])
            let again = try await world.push("courier.pickups", token: world.ana.token, clientId: "ana-phone", batch)
            #expect(again.map { $0["status"] as? String } == ["duplicate", "duplicate"])
            let view = try await client.fetch("/api/v1/courier/pickups/\(pickup)", token: world.dispatch)
            #expect(view["state"] as? String == "collected" && view["finishedAt"] as? String == finishedAt)
            #expect(view["latitude"] as? Double == 4.6097)
            let history = try #require(
                try await client.fetch("/api/v1/courier/pickups/\(pickup)/history", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(history.map { $0["toState"] as? String } == ["assigned", "on_the_way", "collected"])
            #expect(history.last?["actorName"] as? String == "Ana Pérez Gómez")
            // The device's copy is what the API shows, field for field.
            let pulled = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.data)
            #expect(pulled["photoCount"] == .number(1) && pulled["finishedAt"] == .string(finishedAt))
            #expect(Set(pulled.keys) == Set(PickupWire.columns + ["id"]))
            for (key, value) in pulled {
                #expect(Self.same(value, view[key]), "\(key): pulled \(value), the API shows \(String(describing: view[key]))")
            }
        }
    }

    /// Whether a pulled field holds what the API's JSON shows.
    private static func same(_ value: JSONValue, _ shown: Any?) -> Bool {
        switch value {
        case .null: return shown == nil || shown is NSNull
        case .string(let text): return shown as? String == text
        case .number(let number): return (shown as? NSNumber)?.doubleValue == number
        case .bool(let flag): return shown as? Bool == flag
        case .array, .object: return false
        }
    }

    @Test("a move pushed out of order is rejected with the API's code and the right order then applies")
    func outOfOrder() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let noPhoto = try await world.pickup(for: world.ana, sender: "Sin foto", window: ("13:00", "14:00"))
            _ = try await world.upload(as: world.ana, pickup: pickup)
            let versions = Dictionary(
                try await world.pullAll("courier.pickups", token: world.ana.token).changes.map { ($0.id, $0.version) }, uniquingKeysWith: max)
            let early = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    ["mutationId": 1, "op": "put", "id": pickup.uuidString, "baseVersion": versions[pickup]!, "fields": ["state": "collected"]]
                ])
            #expect(early.first?["status"] as? String == "rejected" && early.first?["code"] as? String == "pickup_not_on_the_way")
            let ordered = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    ["mutationId": 2, "op": "put", "id": pickup.uuidString, "baseVersion": versions[pickup]!, "fields": ["state": "on_the_way"]],
                    ["mutationId": 3, "op": "put", "id": pickup.uuidString, "baseVersion": versions[pickup]!, "fields": ["state": "collected"]],
                    ["mutationId": 4, "op": "put", "id": noPhoto.uuidString, "baseVersion": versions[noPhoto]!, "fields": ["state": "on_the_way"]],
                    ["mutationId": 5, "op": "put", "id": noPhoto.uuidString, "baseVersion": versions[noPhoto]!, "fields": ["state": "collected"]],
                    [
                        "mutationId": 6, "op": "put", "id": noPhoto.uuidString, "baseVersion": versions[noPhoto]!,
                        "fields": ["state": "failed", "failureReason": "teleported"],
                    ],
                    ["mutationId": 7, "op": "put", "id": noPhoto.uuidString, "baseVersion": versions[noPhoto]!, "fields": ["reference": "R-999999"]],
                ])
            #expect(ordered.map { $0["status"] as? String } == ["applied", "applied", "applied", "rejected", "rejected", "rejected"])
            #expect(ordered.map { $0["code"] as? String } == [nil, nil, nil, "photo_required", "failure_reason_choice", "field_not_writable"])
            #expect(try await client.fetch("/api/v1/courier/pickups/\(noPhoto)", token: world.ana.token)["state"] as? String == "on_the_way")
        }
    }

    @Test("dispatch's change made while the agent was offline wins: the agent's stale move is a conflict")
    func conflictWithDispatch() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let version = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.version)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/cancel", token: world.dispatch).status == .ok)
            let results = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    ["mutationId": 1, "op": "put", "id": pickup.uuidString, "baseVersion": version, "fields": ["state": "on_the_way"]]
                ])
            #expect(results.first?["status"] as? String == "conflict")
            #expect((results.first?["fields"] as? [String])?.contains("state") == true)
            #expect(try await client.fetch("/api/v1/courier/pickups/\(pickup)", token: world.dispatch)["state"] as? String == "cancelled")
        }
    }

    @Test("photos attached and deleted offline follow the same rules as the API")
    func photosOffline() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let photo = UUID(uuidString: try #require(try object(try await world.upload(as: world.ana))["id"] as? String))!
            let spare = UUID(uuidString: try #require(try object(try await world.upload(as: world.ana))["id"] as? String))!
            let versions = Dictionary(
                try await world.pullAll("courier.photos", token: world.ana.token).changes.map { ($0.id, $0.version) }, uniquingKeysWith: max)
            let results = try await world.push(
                "courier.photos", token: world.ana.token, clientId: "ana-phone",
                [
                    [
                        "mutationId": 1, "op": "put", "id": photo.uuidString, "baseVersion": versions[photo]!,
                        "fields": ["pickupId": pickup.uuidString],
                    ],
                    ["mutationId": 2, "op": "delete", "id": spare.uuidString, "baseVersion": versions[spare]!],
                    ["mutationId": 3, "op": "put", "id": photo.uuidString, "baseVersion": versions[photo]!, "fields": ["name": "mine.jpg"]],
                ])
            #expect(results.map { $0["status"] as? String } == ["applied", "applied", "rejected"])
            let attached = try await client.fetch("/api/v1/courier/pickups/\(pickup)/photos", token: world.ana.token)
            #expect((attached["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [photo.uuidString.lowercased()])
            #expect(try await client.api(.get, "/api/v1/courier/photos/\(spare)", token: world.ana.token).status == .notFound)
            // Beto cannot touch Ana's photo through his device.
            let beto = try await world.push(
                "courier.photos", token: world.beto.token, clientId: "beto-phone",
                [
                    ["mutationId": 1, "op": "delete", "id": photo.uuidString, "baseVersion": 1]
                ])
            #expect(beto.first?["status"] as? String != "applied")
        }
    }
}
