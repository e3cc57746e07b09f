import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioWeb
import Testing
@testable import Courier

/// What Courier tells people, read back from each recipient's inbox (`GET /api/v1/notifications`) after the
/// real role made the change through the API or offline sync; and that nobody else, and no refused change,
/// tells anyone anything.
@Suite("Courier: notifications to agents and dispatch")
struct CourierNotificationsTests {
    /// The recipient's inbox, newest first.
    static func inbox(_ world: CourierWorld, _ token: String) async throws -> [[String: Any]] {
        try #require(try await world.client.fetch("/api/v1/notifications?limit=50", token: token)["items"] as? [[String: Any]])
    }

    /// The one notification of `kind` in the inbox of `token` (a second one is a failure).
    static func only(_ kind: String, _ world: CourierWorld, _ token: String) async throws -> [String: Any] {
        let items = try await inbox(world, token).filter { $0["kind"] as? String == kind }
        try #require(items.count == 1, "\(kind): \(items.count) in the inbox")
        return items[0]
    }

    static func kinds(_ world: CourierWorld, _ token: String) async throws -> [String] {
        try await inbox(world, token).compactMap { $0["kind"] as? String }
    }

    /// How the inbox writes the world's day (its year shown or not depends on today's real year).
    static func day(_ world: CourierWorld, _ locale: PatioLocale) -> String { PageFormat.date(world.today, locale: locale) }

    @Test("a pickup dispatch creates for an agent lands in the agent's inbox, in their language, opening the pickup; nobody else's")
    func assignedOnCreate() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)

            let item = try await Self.only("courier.pickup_assigned", world, world.ana.token)
            #expect(item["title"] as? String == "Recogida nueva")
            #expect(item["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · \(Self.day(world, .es)), 11:00–12:00")
            let link = try #require(item["link"] as? String)
            #expect(link == "/courier/pickups/\(pickup.uuidString.lowercased())")
            #expect(item["readAt"] == nil)
            // The body never names the customer or the parcel's value.
            #expect((item["body"] as? String)?.contains("Ferretería") == false && (item["body"] as? String)?.contains("50") == false)

            // The link is a page the agent may open; another agent gets nothing, and the same page is not theirs.
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(try await ana.get(link).status == .ok)
            #expect(try await Self.inbox(world, world.beto.token).isEmpty)
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)
            var beto = try await WebSession.signIn(client, email: "beto@test.patio", password: TestPatio.password)
            #expect(try await beto.get(link).status == .notFound)

            // Read in English once the agent chooses it.
            #expect(try await client.api(.patch, "/api/v1/me", token: world.ana.token, body: ["locale": "en"]).status == .ok)
            let english = try await Self.only("courier.pickup_assigned", world, world.ana.token)
            #expect(english["title"] as? String == "New pickup")
            #expect(english["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · \(Self.day(world, .en)), 11:00–12:00")

            // The preferences page names the kinds in the reader's language.
            let choices = try await client.fetch("/api/v1/notifications/choices", token: world.ana.token)
            let names = (choices["kinds"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
                $0[$1["kind"] as? String ?? ""] = $1["name"] as? String
            }
            #expect(names["courier.pickup_assigned"] == "A pickup assigned to me")
            #expect(names["courier.pickup_failed"] == "A pickup that could not be collected")
        }
    }

    @Test("a pickup for a paused agent, or without a valid agent, is refused and tells nobody")
    func refusedCreateSendsNothing() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.beto.id)/deactivate", token: world.dispatch).status == .ok)
            let body: [String: Any] = [
                "senderName": "Ferretería El Tornillo", "phone": "3101234567", "address": "Calle 72 # 10-34", "localityCode": "11001000",
                "day": world.today, "windowStart": "11:00", "windowEnd": "12:00", "declaredValue": 50_000, "agentId": world.beto.id.uuidString,
            ]
            let paused = try await client.api(.post, "/api/v1/courier/pickups", token: world.dispatch, body: body)
            #expect(try paused.status == .unprocessableContent && problem(paused).errors?.first?.code == "agent_inactive")
            var outside = body
            outside["agentId"] = world.ana.id.uuidString
            outside["windowStart"] = "05:00"
            let early = try await client.api(.post, "/api/v1/courier/pickups", token: world.dispatch, body: outside)
            #expect(early.status == .unprocessableContent)

            let beto = try await patio.login("beto@test.patio", client: client)
            #expect(try await Self.inbox(world, beto).isEmpty)
            #expect(try await Self.inbox(world, world.ana.token).isEmpty)
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)
        }
    }

    @Test("reassigned: the old agent is told it is no longer theirs (linked to their day), the new one that it is theirs")
    func reassigned() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            patio.clock.advance(by: 60)
            let moved = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
            #expect(moved.status == .ok)

            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_reassigned", "courier.pickup_assigned"])
            let away = try await Self.only("courier.pickup_reassigned", world, world.ana.token)
            #expect(away["title"] as? String == "Recogida reasignada")
            #expect(away["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · Despacho se la asignó a otro mensajero.")
            // Ana can no longer open the pickup, so the link is her day.
            #expect(away["link"] as? String == "/courier")

            let given = try await Self.only("courier.pickup_assigned", world, world.beto.token)
            #expect(given["title"] as? String == "Recogida nueva")
            #expect(given["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · \(Self.day(world, .es)), 11:00–12:00")
            #expect(given["link"] as? String == "/courier/pickups/\(pickup.uuidString.lowercased())")
            #expect(try await Self.kinds(world, world.beto.token) == ["courier.pickup_assigned"])
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)

            #expect(try await client.api(.patch, "/api/v1/me", token: world.ana.token, body: ["locale": "en"]).status == .ok)
            let english = try await Self.only("courier.pickup_reassigned", world, world.ana.token)
            #expect(english["title"] as? String == "Pickup reassigned")
            #expect(english["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · Dispatch gave it to another agent.")
        }
    }

    @Test("a reassignment refused (paused agent, no agent, a collected pickup) tells nobody")
    func refusedReassignSendsNothing() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.beto.id)/deactivate", token: world.dispatch).status == .ok)
            let paused = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
            #expect(try paused.status == .unprocessableContent && problem(paused).errors?.first?.code == "agent_inactive")
            let nobody = try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: [:])
            #expect(nobody.status == .unprocessableContent)

            // Collected is final: moving it to Ana's colleague is a conflict, and tells neither of them.
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.beto.id)/activate", token: world.dispatch).status == .ok)
            _ = try await world.upload(as: world.ana, pickup: pickup)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: world.ana.token).status == .ok)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/collect", token: world.ana.token).status == .ok)
            let collected = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
            #expect(try collected.status == .conflict && problem(collected).code == "pickup_already_collected")

            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_assigned"])
            let beto = try await patio.login("beto@test.patio", client: client)
            #expect(try await Self.inbox(world, beto).isEmpty)
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)
        }
    }

    @Test("cancelled: the pickup's agent is told, linked to the pickup; cancelling again is refused and tells nobody")
    func cancelled() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana, window: ("14:00", "16:00"))
            patio.clock.advance(by: 60)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/cancel", token: world.dispatch).status == .ok)

            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_cancelled", "courier.pickup_assigned"])
            let item = try await Self.only("courier.pickup_cancelled", world, world.ana.token)
            #expect(item["title"] as? String == "Recogida cancelada")
            #expect(item["body"] as? String == "R-000001 · Calle 72 # 10-34, Bogotá D.C. · \(Self.day(world, .es)), 14:00–16:00")
            let link = try #require(item["link"] as? String)
            #expect(link == "/courier/pickups/\(pickup.uuidString.lowercased())")
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(try await ana.get(link).status == .ok)

            let again = try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/cancel", token: world.dispatch)
            #expect(try again.status == .conflict && problem(again).code == "pickup_cancelled")
            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_cancelled", "courier.pickup_assigned"])
            #expect(try await Self.inbox(world, world.beto.token).isEmpty)
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)

            #expect(try await client.api(.patch, "/api/v1/me", token: world.ana.token, body: ["locale": "en"]).status == .ok)
            #expect(try await Self.only("courier.pickup_cancelled", world, world.ana.token)["title"] as? String == "Pickup cancelled")
        }
    }

    @Test("failed: the dispatchers who planned the pickup are told why, in their language; not the agent, not a stranger")
    func failed() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            // A second dispatcher gives the pickup to Ana; a third never touches it.
            let other = try await patio.token(for: "despacho2@test.patio", roles: [CourierRoles.admin], client: client)
            let idle = try await patio.token(for: "despacho3@test.patio", roles: [CourierRoles.admin], client: client)
            let pickup = try await world.pickup(for: world.beto)
            // Apart in time, so each inbox's order (newest first) is the order things happened.
            patio.clock.advance(by: 60)
            let given = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: other, body: ["agentId": world.ana.id.uuidString])
            #expect(given.status == .ok)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: world.ana.token).status == .ok)

            // Refused reports tell nobody: a reason not on the list, and another agent's pickup.
            let unknown = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/fail", token: world.ana.token, body: ["reason": "teleported"])
            #expect(unknown.status == .unprocessableContent)
            let notHis = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/fail", token: world.beto.token, body: ["reason": "sender_absent"])
            #expect(notHis.status == .notFound)
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)

            let failed = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/fail", token: world.ana.token, body: ["reason": "sender_absent"])
            #expect(failed.status == .ok)
            for token in [world.dispatch, other] {
                let item = try await Self.only("courier.pickup_failed", world, token)
                #expect(item["title"] as? String == "Recogida fallida")
                #expect(item["body"] as? String == "R-000001 · Bogotá D.C. · Ana Pérez Gómez: El remitente no estaba")
                #expect(item["link"] as? String == "/courier/pickups/\(pickup.uuidString.lowercased())")
                #expect(try await Self.kinds(world, token) == ["courier.pickup_failed"])
            }
            #expect(try await Self.inbox(world, idle).isEmpty)
            // Ana is not told of her own report; Beto only that the pickup left him.
            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_assigned"])
            #expect(try await Self.kinds(world, world.beto.token) == ["courier.pickup_reassigned", "courier.pickup_assigned"])

            // Failing twice is refused and tells nobody again.
            let twice = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/fail", token: world.ana.token, body: ["reason": "sender_absent"])
            #expect(try twice.status == .conflict && problem(twice).code == "pickup_failed")
            #expect(try await Self.kinds(world, world.dispatch) == ["courier.pickup_failed"])

            #expect(try await client.api(.patch, "/api/v1/me", token: world.dispatch, body: ["locale": "en"]).status == .ok)
            let english = try await Self.only("courier.pickup_failed", world, world.dispatch)
            #expect(english["title"] as? String == "Pickup failed")
            #expect(english["body"] as? String == "R-000001 · Bogotá D.C. · Ana Pérez Gómez: The sender was not there")

            patio.clock.advance(by: 60)
            // Dispatch gives the failed pickup back to Ana: it is hers to do again, so she hears of it.
            let back = try await client.api(
                .post, "/api/v1/courier/pickups/\(pickup)/reassign", token: world.dispatch, body: ["agentId": world.ana.id.uuidString])
            #expect(back.status == .ok)
            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_assigned", "courier.pickup_assigned"])
        }
    }

    @Test("a failure reported offline through sync tells dispatch too; a rejected offline move tells nobody")
    func failedOffline() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            let version = try #require(try await world.pullAll("courier.pickups", token: world.ana.token).changes.last?.version)
            let rejected = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    [
                        "mutationId": 1, "op": "put", "id": pickup.uuidString, "baseVersion": version,
                        "fields": ["state": "failed", "failureReason": "teleported"],
                    ]
                ])
            #expect(rejected.first?["status"] as? String == "rejected")
            #expect(try await Self.inbox(world, world.dispatch).isEmpty)

            let applied = try await world.push(
                "courier.pickups", token: world.ana.token, clientId: "ana-phone",
                [
                    [
                        "mutationId": 2, "op": "put", "id": pickup.uuidString, "baseVersion": version,
                        "fields": ["state": "failed", "failureReason": "address_not_found"],
                    ]
                ])
            #expect(applied.first?["status"] as? String == "applied")
            let item = try await Self.only("courier.pickup_failed", world, world.dispatch)
            #expect(item["body"] as? String == "R-000001 · Bogotá D.C. · Ana Pérez Gómez: No encontré la dirección")
            #expect(item["link"] as? String == "/courier/pickups/\(pickup.uuidString.lowercased())")
            #expect(try await Self.kinds(world, world.ana.token) == ["courier.pickup_assigned"])
            #expect(try await Self.inbox(world, world.beto.token).isEmpty)
        }
    }
}
