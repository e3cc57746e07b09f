import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

@Suite("Courier API: agents, the network, pickups and who may call what")
struct CourierAPITests {
    @Test("dispatch opens an agent who can sign in; bad and taken values are refused; the account's email and password cannot be changed here")
    func agents() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let me = try await client.fetch("/api/v1/courier/me", token: world.ana.token)
            #expect(
                me["usuario"] as? String == "ana" && me["fullName"] as? String == "Ana Pérez Gómez"
                    && me["homeLocalityName"] as? String == "Bogotá D.C.")
            let bad = try await client.api(
                .post, "/api/v1/courier/agents", token: world.dispatch,
                body: [
                    "email": "x@test.patio", "password": TestPatio.password, "usuario": "a b", "identificacion": "12", "firstName": "",
                    "surname1": "R",
                    "position": "Mensajero", "serviceCentreId": 0, "serviceCentreName": "C", "homeLocalityCode": "bogota",
                ])
            #expect(bad.status == .unprocessableContent)
            let codes = Set(try problem(bad).errors?.compactMap(\.code) ?? [])
            #expect(codes.isSuperset(of: ["usuario_format", "identificacion_format", "name_length", "service_centre_range", "locality_code_format"]))
            let taken = try await client.api(
                .post, "/api/v1/courier/agents", token: world.dispatch,
                body: [
                    "email": "otra@test.patio", "password": TestPatio.password, "usuario": "ANA", "identificacion": "3030303030", "firstName": "Otra",
                    "surname1": "Ana", "position": "Mensajera", "serviceCentreId": 1, "serviceCentreName": "C", "homeLocalityCode": "11001000",
                ])
            #expect(try taken.status == .conflict && problem(taken).code == "usuario_taken")
            let edited = try await client.api(
                .put, "/api/v1/courier/agents/\(world.ana.id)", token: world.dispatch,
                body: ["position": "Líder de ruta", "homeLocalityCode": "05001000"])
            #expect(try edited.status == .ok && object(edited)["homeLocalityName"] as? String == "Medellín")
            let account = try await client.api(
                .put, "/api/v1/courier/agents/\(world.ana.id)", token: world.dispatch, body: ["email": "nueva@test.patio", "position": "X"])
            #expect(try account.status == .forbidden && problem(account).code == "account_fields_not_editable")
            #expect(try await client.fetch("/api/v1/courier/agents/\(world.ana.id)", token: world.dispatch)["position"] as? String == "Líder de ruta")
            let found = try #require(try await client.fetch("/api/v1/courier/agents?q=perez", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(found.map { $0["usuario"] as? String } == ["ana"])
            #expect(try await client.api(.get, "/api/v1/courier/agents/\(UUID())", token: world.dispatch).status == .notFound)
        }
    }

    @Test("a paused agent cannot work until dispatch resumes them")
    func pausedAgent() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/deactivate", token: world.dispatch).status == .ok)
            // Pausing ended Ana's session; signed in again, she still cannot work.
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: world.ana.token).status == .unauthorized)
            let ana = try await patio.login("ana@test.patio", client: client)
            let start = try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: ana)
            #expect(try start.status == .forbidden && problem(start).code == "agent_inactive")
            let assign = try await client.api(
                .post, "/api/v1/courier/pickups", token: world.dispatch,
                body: [
                    "senderName": "S", "phone": "3001234567", "address": "A", "localityCode": "11001000", "day": world.today,
                    "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": 1, "agentId": world.ana.id.uuidString,
                ])
            #expect(try assign.status == .unprocessableContent && problem(assign).errors?.first?.code == "agent_inactive")
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/activate", token: world.dispatch).status == .ok)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: ana).status == .ok)
        }
    }

    @Test("localities: accent-insensitive search, open now in each locality's hours, the pickup filter, paging without repeats")
    func localities() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            func names(_ query: String) async throws -> [String] {
                let page = try await client.fetch("/api/v1/courier/localities?\(query)", token: world.ana.token)
                return (page["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try await names("q=bogota") == ["Bogotá D.C."])
            #expect(try await names("q=B%C3%93GOT%C3%81") == ["Bogotá D.C."])
            #expect(try await names("q=medellin") == ["Medellín"])
            let all = try LocalityCSV.parse(CourierDemo.networkCSV()).get()
            // 10:00 in Bogotá: every locality with pickup whose hours include 10 is open.
            let openAtTen = Set(all.filter { $0.pickupAllowed && $0.status == 1 && $0.pickupHourMin <= 10 && 10 < $0.pickupHourMax }.map(\.name))
            #expect(Set(try await names("openNow=true&limit=200")) == openAtTen)
            patio.clock.advance(by: 3 * 3_600)  // 13:00: the half-day localities have closed
            let openAtOne = Set(all.filter { $0.pickupAllowed && $0.status == 1 && $0.pickupHourMin <= 13 && 13 < $0.pickupHourMax }.map(\.name))
            #expect(Set(try await names("openNow=true&limit=200")) == openAtOne && openAtOne.count < openAtTen.count)
            patio.clock.advance(by: 7 * 3_600)  // 20:00: all closed
            #expect(try await names("openNow=true").isEmpty)
            #expect(Set(try await names("pickupAllowed=false&limit=200")) == Set(all.filter { !$0.pickupAllowed }.map(\.name)))
            var seen: [String] = [], cursor: String? = nil
            repeat {
                let page = try await client.fetch(
                    "/api/v1/courier/localities?limit=5" + (cursor.map { "&cursor=\($0)" } ?? ""), token: world.ana.token)
                seen += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
            #expect(seen.count == all.count && Set(seen) == Set(all.map(\.id)))
            #expect(try await client.fetch("/api/v1/courier/localities/11001000", token: world.ana.token)["postalCode"] as? String == "110111")
            for code in ["99999999", "abc"] {
                #expect(try await client.api(.get, "/api/v1/courier/localities/\(code)", token: world.ana.token).status == .notFound)
            }
            #expect(try await client.api(.get, "/api/v1/courier/localities?openNow=maybe", token: world.ana.token).status == .unprocessableContent)
            #expect(try await client.api(.get, "/api/v1/courier/localities?cursor=%%%", token: world.ana.token).status == .badRequest)
        }
    }

    @Test("a new pickup takes its price from the locality; places, windows, days and agents that do not fit are refused")
    func createPickup() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            func create(_ changes: [String: Any]) async throws -> TestResponse {
                var body: [String: Any] = [
                    "senderName": "Ferretería", "phone": "3001234567", "address": "Calle 1", "localityCode": "11001000",
                    "day": world.today, "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": 50_000, "agentId": world.ana.id.uuidString,
                ]
                for (key, value) in changes { body[key] = value }
                return try await client.api(.post, "/api/v1/courier/pickups", token: world.dispatch, body: body)
            }
            let created = try await create([:])
            #expect(created.status == .created)
            let bogota = try LocalityCSV.parse(CourierDemo.networkCSV()).get().first { $0.id == "11001000" }
            #expect(try object(created)["price"] as? Int == bogota?.pickupPrice && object(created)["reference"] as? String == "R-000001")
            let noPickup = try LocalityCSV.parse(CourierDemo.networkCSV()).get().first { !$0.pickupAllowed }!
            let cases: [([String: Any], String)] = [
                (["localityCode": noPickup.id], "pickup_not_allowed"), (["windowStart": "05:00", "windowEnd": "06:00"], "window_outside_hours"),
                (["day": "2026-11-22"], "day_range"), (["windowStart": "11:00", "windowEnd": "10:00"], "window_order"),
                (["agentId": UUID().uuidString], "agent_unknown"), (["phone": "12"], "phone_format"), (["declaredValue": -1], "declared_value_range"),
                (["windowStart": "10h"], "time_format"), (["localityCode": "99999999"], "locality_unknown"),
            ]
            for (change, code) in cases {
                let refused = try await create(change)
                #expect(refused.status == .unprocessableContent, "\(change)")
                #expect(try problem(refused).errors?.map(\.code).contains(code) == true, "\(change): \(String(buffer: refused.body))")
            }
            #expect(try await client.api(.post, "/api/v1/courier/pickups", token: world.ana.token, body: [:]).status == .forbidden)
        }
    }

    @Test("the state machine through the API: each allowed move, and each refused one with its 409 code")
    func stateMachine() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            func move(_ action: String, _ body: [String: Any]? = nil, token: String? = nil) async throws -> TestResponse {
                try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/\(action)", token: token ?? world.ana.token, body: body)
            }
            #expect(try await move("collect").status == .conflict)
            #expect(try problem(try await move("collect")).code == "pickup_not_on_the_way")
            #expect(try await move("start").status == .ok)
            #expect(try problem(try await move("start")).code == "pickup_already_started")
            #expect(try problem(try await move("collect")).code == "photo_required")
            let noReason = try await move("fail", [:])
            #expect(try noReason.status == .unprocessableContent && problem(noReason).errors?.first?.code == "failure_reason_choice")
            let future = try await move("fail", ["reason": "sender_absent", "at": Timestamp.format(patio.clock.date.addingTimeInterval(3_600))])
            #expect(try problem(future).errors?.first?.code == "finished_at_range")
            #expect(try await world.upload(as: world.ana, pickup: pickup).status == .created)
            let collected = try await move("collect", ["latitude": 4.6, "longitude": -74.08])
            #expect(
                try collected.status == .ok && object(collected)["state"] as? String == "collected" && object(collected)["latitude"] as? Double == 4.6
            )
            #expect(try problem(try await move("fail", ["reason": "sender_absent"])).code == "pickup_already_collected")
            #expect(
                try problem(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/cancel", token: world.dispatch)).code
                    == "pickup_already_collected")

            let failed = try await world.pickup(for: world.ana, sender: "Otro", window: ("14:00", "15:00"))
            #expect(
                try await client.api(.post, "/api/v1/courier/pickups/\(failed)/fail", token: world.ana.token, body: ["reason": "unsafe_area"]).status
                    == .ok)
            #expect(
                try problem(try await client.api(.post, "/api/v1/courier/pickups/\(failed)/start", token: world.ana.token)).code == "pickup_failed")
            let reassigned = try await client.api(
                .post, "/api/v1/courier/pickups/\(failed)/reassign", token: world.dispatch, body: ["agentId": world.beto.id.uuidString])
            #expect(
                try reassigned.status == .ok && object(reassigned)["state"] as? String == "assigned"
                    && object(reassigned)["agentName"] as? String == "Beto Ríos")
            let betos = try await client.fetch("/api/v1/courier/me/pickups", token: world.beto.token)
            #expect((betos["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [failed.uuidString.lowercased()])
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(failed)/cancel", token: world.dispatch).status == .ok)
            #expect(
                try problem(try await client.api(.post, "/api/v1/courier/pickups/\(failed)/start", token: world.beto.token)).code
                    == "pickup_cancelled")
            let history = try #require(
                try await client.fetch("/api/v1/courier/pickups/\(failed)/history", token: world.dispatch)["items"] as? [[String: Any]])
            #expect(history.map { $0["toState"] as? String } == ["assigned", "failed", "assigned", "cancelled"])
            #expect(history[2]["detail"] as? String == "Beto Ríos" && history[1]["detail"] as? String == "unsafe_area")
        }
    }

    @Test("access: an agent sees only their pickups and no dispatch route; dispatch no agent route; nobody signed out")
    func access() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let anas = try await world.pickup(for: world.ana)
            for path in ["/api/v1/courier/pickups/\(anas)", "/api/v1/courier/pickups/\(anas)/history", "/api/v1/courier/pickups/\(anas)/photos"] {
                #expect(try await client.api(.get, path, token: world.beto.token).status == .notFound, "\(path)")
                #expect(try await client.api(.get, path, token: world.dispatch).status == .ok, "\(path)")
                #expect(try await client.api(.get, path).status == .unauthorized, "\(path)")
            }
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(anas)/start", token: world.beto.token).status == .notFound)
            for (method, path) in [
                (HTTPRequest.Method.get, "/api/v1/courier/agents"), (.get, "/api/v1/courier/pickups"),
                (.post, "/api/v1/courier/pickups/\(anas)/cancel"),
                (.get, "/api/v1/courier/localities/export"), (.post, "/api/v1/courier/agents/\(world.beto.id)/deactivate"),
            ] {
                #expect(try await client.api(method, path, token: world.ana.token).status == .forbidden, "\(path)")
            }
            for path in ["/api/v1/courier/me/pickups", "/api/v1/courier/photos", "/api/v1/courier/me"] {
                #expect(try await client.api(.get, path, token: world.dispatch).status == .forbidden, "\(path)")
            }
            let outsider = try await patio.token(for: "otro@test.patio", client: client)
            #expect(try await client.api(.get, "/api/v1/courier/localities", token: outsider).status == .forbidden)
            let day = try #require(
                try await client.fetch("/api/v1/courier/pickups?agentId=\(world.ana.id)&state=assigned", token: world.dispatch)["items"]
                    as? [[String: Any]])
            #expect(day.map { $0["id"] as? String } == [anas.uuidString.lowercased()])
            #expect(try await client.api(.get, "/api/v1/courier/pickups?state=lost", token: world.dispatch).status == .unprocessableContent)
            #expect(try await client.api(.get, "/api/v1/courier/pickups?day=ayer", token: world.dispatch).status == .unprocessableContent)
        }
    }
}
