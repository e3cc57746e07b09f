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
            for path in ["/courier/dispatch", "/courier/agents", "/courier/network"] {
                #expect(try await agent.get(path).status == .forbidden, "\(path)")
            }
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
            let refused = try await dispatch.post(
                "/courier/dispatch?day=\(world.today)",
                form: [
                    "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                    "windowStart": "20:00", "windowEnd": "21:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
                ])
            #expect(refused.status == .unprocessableContent)
            let html = String(buffer: refused.body)
            #expect(html.contains("La franja queda fuera del horario de recogida de la localidad."))
            #expect(html.contains("value=\"Tienda Ñandú\""))
            let created = try await dispatch.post(
                "/courier/dispatch?day=\(world.today)",
                form: [
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
            let refused = try await dispatch.post("/courier/network", form: ["csv": lines.joined(separator: "\n")])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("Línea 3"))
            let accepted = try await dispatch.submit("/courier/network", form: ["csv": csv])
            #expect(accepted.at == "/courier/network" && String(buffer: accepted.page.body).contains("0 nuevas"))
        }
    }

    @Test("a refused new pickup leaves the browser at the board's own address: reloading it, as the live board does, reads the board again")
    func refusedPickupLeavesTheBoard() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            try await world.pickup(for: world.ana, sender: "Panadería La Espiga")
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            let board = String(buffer: try await dispatch.get("/courier/dispatch?day=\(world.today)").body)
            #expect(board.contains("<form method=\"post\" action=\"/courier/dispatch?day=\(world.today)\">"))
            let refused = try await dispatch.submit(
                "/courier/dispatch?day=\(world.today)",
                form: [
                    "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                    "windowStart": "20:00", "windowEnd": "21:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
                ])
            #expect(refused.page.status == .unprocessableContent && refused.at == "/courier/dispatch?day=\(world.today)")
            let reload = try await dispatch.get(refused.at)
            #expect(
                reload.status == .ok && String(buffer: reload.body).contains("data-board")
                    && String(buffer: reload.body).contains("Panadería La Espiga"))
            // A pickup created leads back to the board with a notice shown once.
            let created = try await dispatch.submit(
                "/courier/dispatch?day=\(world.today)",
                form: [
                    "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                    "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
                ])
            #expect(
                created.at == "/courier/dispatch?day=\(world.today)"
                    && String(buffer: created.page.body).contains("creada para Ana Pérez Gómez, 10:00–11:00."))
            #expect(!String(buffer: try await dispatch.get(created.at).body).contains("creada para Ana Pérez"))
        }
    }

    @Test("the live badge starts as 'no live connection · reconnecting' and names both states, in Spanish and English")
    func liveBadge() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await CourierWorld.make(patio, client)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            let spanish = String(buffer: try await dispatch.get("/courier/dispatch").body)
            #expect(
                spanish.contains(
                    """
                    data-live-state=\"down\" data-live=\"En vivo\" data-down=\"Sin conexión en vivo · reconectando\">Sin conexión en vivo · \
                    reconectando</span>
                    """
                ))
            dispatch.cookies["patio_lang"] = "en"
            let english = String(buffer: try await dispatch.get("/courier/dispatch").body)
            #expect(
                english.contains("data-live=\"Live\" data-down=\"Live connection lost · reconnecting\">Live connection lost · reconnecting</span>"))
        }
    }

    @Test("cancelling a pickup asks first, naming the pickup and the agent who loses it; only the confirmed form cancels")
    func cancelAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let id = try await world.pickup(for: world.ana, sender: "Panadería La Espiga")
            let reference = try #require(try await client.fetch("/api/v1/courier/pickups/\(id)", token: world.dispatch)["reference"] as? String)
            var dispatch = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
            #expect(
                String(buffer: try await dispatch.get("/courier/pickups/\(id)").body).contains(
                    "action=\"/courier/pickups/\(id)/cancel\" data-confirm"))
            let asked = try await dispatch.post("/courier/pickups/\(id)/cancel", form: [:])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok && question.contains("¿Cancelar la recogida \(reference)?"))
            #expect(question.contains("Panadería La Espiga") && question.contains("11:00–12:00") && question.contains("Ana Pérez"))
            #expect(question.contains("Esto no se puede deshacer.") && question.contains("name=\"confirm\" value=\"yes\""))
            #expect(try await client.fetch("/api/v1/courier/pickups/\(id)", token: world.dispatch)["state"] as? String == "assigned")
            let cancelled = try await dispatch.submit("/courier/pickups/\(id)/cancel", form: ["confirm": "yes"])
            #expect(cancelled.at == "/courier/pickups/\(id)" && String(buffer: cancelled.page.body).contains("Recogida cancelada."))
            #expect(try await client.fetch("/api/v1/courier/pickups/\(id)", token: world.dispatch)["state"] as? String == "cancelled")
            // Cancelled again from a page left open: the pickup's page says why.
            let again = try await dispatch.submit("/courier/pickups/\(id)/cancel", form: ["confirm": "yes"])
            #expect(again.at == "/courier/pickups/\(id)" && again.page.status == .ok && String(buffer: again.page.body).contains("class=\"alert\""))
        }
    }

    @Test("'could not collect' asks the agent first with the pickup and the reason; only the confirmed form closes it")
    func failedPickupAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let id = try await world.pickup(for: world.ana, sender: "Panadería La Espiga")
            var agent = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let page = String(buffer: try await agent.get("/courier/pickups/\(id)").body)
            #expect(page.contains("data-move=\"failed\" data-ask=\"¿Marcar") && page.contains("class=\"danger\">No se pudo recoger"))
            let asked = try await agent.post("/courier/pickups/\(id)/move", form: ["action": "fail", "reason": "sender_absent"])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok && question.contains("Panadería La Espiga") && question.contains("Motivo: El remitente no estaba."))
            #expect(question.contains("name=\"reason\" value=\"sender_absent\"") && question.contains("Esto no se puede deshacer."))
            #expect(try await client.fetch("/api/v1/courier/pickups/\(id)", token: world.dispatch)["state"] as? String == "assigned")
            let failed = try await agent.submit("/courier/pickups/\(id)/move", form: ["action": "fail", "reason": "sender_absent", "confirm": "yes"])
            #expect(failed.at == "/courier/pickups/\(id)" && failed.page.status == .ok)
            #expect(try await client.fetch("/api/v1/courier/pickups/\(id)", token: world.dispatch)["state"] as? String == "failed")
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
