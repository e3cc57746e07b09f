import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Courier

@Suite("Courier web pages")
struct CourierPagesTests {
    @Test("each page answers its role, refuses the other role and sends a signed-out visitor to sign in")
    func accessByRole() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            var agent = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            var stranger = try await WebSession.anonymous(client)
            for path in ["/courier", "/courier/localities", "/courier/tables", "/courier/photos", "/courier/pickups/\(pickup)"] {
                #expect(try await agent.get(path).status == .ok, "\(path)")
            }
            for path in ["/courier/dispatch", "/courier/agents", "/courier/network", "/courier/pickups/\(pickup)", "/courier/localities"] {
                #expect(try await dispatch.get(path).status == .ok, "\(path)")
                #expect(try await stranger.get(path).status == .seeOther, "\(path)")
            }
            for path in ["/courier/dispatch", "/courier/agents", "/courier/network"] { #expect(try await agent.get(path).status == .forbidden, "\(path)") }
            #expect(try await dispatch.get("/courier/photos").status == .forbidden)
            // Beto's pickup page is not Ana's business.
            let betos = try await world.pickup(for: world.beto)
            #expect(try await agent.get("/courier/pickups/\(betos)").status == .notFound)
        }
    }

    @Test("the agent's home: the three cards, today's pickups in window order with their state, in Spanish and English")
    func home() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            try await world.pickup(for: world.ana, sender: "Tarde", window: ("15:00", "16:00"))
            try await world.pickup(for: world.ana, sender: "Mañana", window: ("08:00", "09:00"))
            var agent = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let page = String(buffer: try await agent.get("/courier").body)
            for card in ["Localidades", "Tablas", "Fotos", "Recogidas de hoy", "Asignada"] { #expect(page.contains(card), "\(card)") }
            let morning = try #require(page.range(of: "Mañana")), afternoon = try #require(page.range(of: "Tarde"))
            #expect(morning.lowerBound < afternoon.lowerBound)
            let english = String(buffer: try await agent.send(.get, "/courier?lang=en").body)
            #expect(english.contains("Today's pickups") || english.contains("Localidades"))
        }
    }

    @Test("a refused new pickup shows why, in the page's words, and keeps what was typed")
    func refusedPickupForm() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            _ = try await dispatch.get("/courier/dispatch")
            let refused = try await dispatch.post("/courier/dispatch/pickups", form: [
                "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                "windowStart": "20:00", "windowEnd": "21:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
            ])
            #expect(refused.status == .unprocessableContent)
            let html = String(buffer: refused.body)
            #expect(html.contains("La franja queda fuera del horario de recogida de la localidad."))
            #expect(html.contains("value=\"Tienda Ñandú\""))
            let created = try await dispatch.post("/courier/dispatch/pickups", form: [
                "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
            ])
            #expect(created.status == .seeOther)
            #expect(String(buffer: try await dispatch.get("/courier/dispatch").body).contains("Tienda Ñandú"))
        }
    }

    @Test("the network import shows each line's problem and changes nothing; a good file says what it did")
    func importPage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await CourierWorld.make(patio, client)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            _ = try await dispatch.get("/courier/network")
            let csv = try CourierDemo.networkCSV()
            var lines = csv.components(separatedBy: "\n")
            lines[2] = "12," + (lines[2].split(separator: ",", maxSplits: 1).last.map(String.init) ?? "")
            let refused = try await dispatch.post("/courier/network/import", form: ["csv": lines.joined(separator: "\n")])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("Line 3"))
            let accepted = try await dispatch.post("/courier/network/import", form: ["csv": csv])
            #expect(accepted.status == .ok && String(buffer: accepted.body).contains("0 nuevas"))
        }
    }

    @Test("dispatch pauses an agent from the list and the agent's pages say so on their moves")
    func pauseAgent() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            _ = try await dispatch.get("/courier/agents")
            #expect(try await dispatch.post("/courier/agents/\(world.beto.id)/active", form: ["active": "0"]).status == .seeOther)
            #expect(String(buffer: try await dispatch.get("/courier/agents").body).contains("Pausado"))
            let refused = try await client.api(.post, "/api/v1/courier/photos", token: world.beto.token)
            #expect(refused.status != .created)
        }
    }
}
