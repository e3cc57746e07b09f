import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

/// Courier's pages as an agent and dispatch use them on a phone: states told apart without colour, today's
/// work first, what a doorstep needs, a visible answer to every action, and the agent's pages offline.
@Suite("Courier pages on a phone: states, the day's work, the doorstep, confirmations, offline")
struct CourierPhonePagesTests {
    /// Ana's browser (the agent), in Spanish or English.
    private func agent(_ client: any TestClientProtocol, english: Bool = false) async throws -> WebSession {
        try await browser(client, "ana@test.patio", english: english)
    }

    /// Dispatch's browser, in Spanish or English.
    private func dispatch(_ client: any TestClientProtocol, english: Bool = false) async throws -> WebSession {
        try await browser(client, "despacho@test.patio", english: english)
    }

    private func browser(_ client: any TestClientProtocol, _ email: String, english: Bool) async throws -> WebSession {
        var session = try await WebSession.signIn(client, email: email, password: TestPatio.password)
        if english { session.cookies["patio_lang"] = "en" }
        return session
    }

    /// Ana's move through the API, as her app sends it.
    private func move(_ world: CourierWorld, _ id: UUID, _ action: String, _ body: [String: Any] = [:]) async throws {
        let answer = try await world.client.api(.post, "/api/v1/courier/pickups/\(id)/\(action)", token: world.ana.token, body: body)
        try #require(answer.status == .ok, "\(action) answered \(answer.status): \(String(buffer: answer.body))")
    }

    private func collect(_ world: CourierWorld, _ id: UUID) async throws {
        try await move(world, id, "start")
        #expect(try await world.upload(as: world.ana, pickup: id).status == .created)
        try await move(world, id, "collect")
    }

    private func html(_ session: inout WebSession, _ path: String) async throws -> String {
        let answer = try await session.get(path)
        try #require(answer.status == .ok, "\(path) answered \(answer.status)")
        return String(buffer: answer.body)
    }

    private func badge(_ tone: String, _ state: String, _ icon: String, _ words: String) -> String {
        "<span class=\"badge \(tone)\" data-state=\"\(state)\"><span aria-hidden=\"true\">\(icon)</span> \(words)</span>"
    }

    @Test(
        """
        each pickup state has a badge of its own — tone, icon and words — and the board's headings say how many in plain words, in Spanish and \
        English
        """
    )
    func stateBadges() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            _ = try await world.pickup(for: world.ana, sender: "Asignada SA", window: ("08:00", "09:00"))
            let onTheWay = try await world.pickup(for: world.ana, sender: "En Camino SA", window: ("09:00", "10:00"))
            let collected = try await world.pickup(for: world.ana, sender: "Recogida SA", window: ("10:00", "11:00"))
            let failed = try await world.pickup(for: world.ana, sender: "Fallida SA", window: ("11:00", "12:00"))
            let cancelled = try await world.pickup(for: world.ana, sender: "Cancelada SA", window: ("12:00", "13:00"))
            try await move(world, onTheWay, "start")
            try await collect(world, collected)
            try await move(world, failed, "fail", ["reason": "sender_absent"])
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(cancelled)/cancel", token: world.dispatch).status == .ok)

            var spanish = try await dispatch(client)
            let board = try await html(&spanish, "/courier/dispatch")
            for expected in [
                badge("info", "assigned", "○", "Asignada"), badge("warn", "on_the_way", "→", "En camino"), badge("ok", "collected", "✓", "Recogida"),
                badge("danger", "failed", "✕", "Fallida"), badge("", "cancelled", "⊘", "Cancelada"),
            ] {
                #expect(board.contains(expected), "\(expected)")
            }
            for heading in [
                "<h2>Asignadas · 1</h2>", "<h2>En camino · 1</h2>", "<h2>Recogidas · 1</h2>", "<h2>Fallidas · 1</h2>", "<h2>Canceladas · 1</h2>",
            ] {
                #expect(board.contains(heading), "\(heading)")
            }
            #expect(!board.contains("(1)"))
            // A failed pickup says why on the board too.
            #expect(board.contains("Motivo: El remitente no estaba"))
            var english = try await dispatch(client, english: true)
            let englishBoard = try await html(&english, "/courier/dispatch")
            #expect(
                englishBoard.contains(badge("ok", "collected", "✓", "Collected")) && englishBoard.contains(badge("danger", "failed", "✕", "Failed")))
            #expect(englishBoard.contains("<h2>Assigned · 1</h2>") && englishBoard.contains("<h2>On the way · 1</h2>"))

            // The platform's badge is neutral; only a badge that says so is the danger colour.
            let css = try await html(&spanish, "/static/patio.css")
            let plain = try #require(css.split(separator: "\n").first { $0.hasPrefix(".badge {") })
            #expect(!plain.contains("danger") && !plain.contains("#fee4e2"))
            #expect(css.contains(".badge.danger, .overdue .badge { background: #fee4e2; color: var(--danger); }"))
        }
    }

    @Test("the agent's home opens with today's pickups — what is left first, then what is done, with '2 de 6' — and the technical pages after them")
    func homeIsTheDaysWork() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var ids: [UUID] = []
            for (hour, sender) in [("08", "Primera"), ("09", "Segunda"), ("10", "Tercera"), ("11", "Cuarta"), ("12", "Quinta"), ("13", "Sexta")] {
                ids.append(try await world.pickup(for: world.ana, sender: sender, window: ("\(hour):00", "\(hour):30")))
            }
            try await collect(world, ids[0])
            try await move(world, ids[1], "fail", ["reason": "address_not_found"])

            var ana = try await agent(client)
            let home = try await html(&ana, "/courier")
            #expect(home.contains("<h1>Recogidas de hoy</h1>") && home.contains("2 de 6 hechas"))
            #expect(!home.contains("class=\"tiles\""))
            // Pending first, in window order; then the done ones.
            let order = try ["Tercera", "Cuarta", "Quinta", "Sexta", "Primera", "Segunda"].map { try #require(home.range(of: "· \($0)")).lowerBound }
            #expect(order == order.sorted())
            // Each pickup is one link as large as its card.
            #expect(home.contains("<li class=\"card tap-card\" data-pickup=\"\(ids[2])\"><a href=\"/courier/pickups/\(ids[2])\">"))
            // The technical pages come after the day's work (the module's menu links them too).
            let main = String(home[try #require(home.range(of: "<h1>")).lowerBound...])
            let lastPickup = try #require(main.range(of: "· Segunda")).lowerBound
            for shown in ["href=\"/courier/tables\"", "href=\"/courier/localities\"", "<h2 id=\"more\">Más</h2>", "Versión de Controller APP"]
            where main.contains(shown) {
                #expect(try #require(main.range(of: shown)).lowerBound > lastPickup, "\(shown)")
            }
            #expect(main.contains("href=\"/courier/tables\""))
            var english = try await agent(client, english: true)
            let englishHome = try await html(&english, "/courier")
            #expect(englishHome.contains("<h1>Today&#39;s pickups</h1>") && englishHome.contains("2 of 6 done") && englishHome.contains(">More</h2>"))

            // The tables page names each table in the reader's words, its technical name second.
            let tables = try await html(&ana, "/courier/tables")
            #expect(tables.contains("<strong>Localidades</strong>") && tables.contains("Las localidades activas de la red de recogida."))
            #expect(tables.contains("<code>courier_localities</code>") && !tables.contains("Active localities of the pickup network"))
            let englishTables = try await html(&english, "/courier/tables")
            #expect(englishTables.contains("<strong>Your pickups</strong>") && englishTables.contains("The pickups assigned to you."))
        }
    }

    @Test("a pickup's page has directions, a call and WhatsApp beside the phone, photos titled by what they are, and a failed pickup's reason")
    func doorstep() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let id = try await world.pickup(for: world.ana, sender: "Ferretería El Tornillo")
            try await move(world, id, "start")
            #expect(try await world.upload(as: world.ana, pickup: id).status == .created)

            var ana = try await agent(client)
            let page = try await html(&ana, "/courier/pickups/\(id)")
            #expect(page.contains("href=\"https://www.google.com/maps/search/?api=1&amp;query=Calle%2072%20%23%2010-34%2C%20"))
            #expect(page.contains("Colombia\" target=\"_blank\" rel=\"noopener\" data-directions>Cómo llegar</a>"))
            #expect(page.contains("href=\"tel:+573101234567\" data-call>Llamar</a>"))
            #expect(page.contains("href=\"https://wa.me/573101234567\" target=\"_blank\" rel=\"noopener\" data-whatsapp>WhatsApp</a>"))
            // Photos are titled by what they are, never by their file name or size.
            #expect(page.contains("Foto 1 de la recogida · 10:00") && !page.contains("photo-001"))
            let photoID = try #require(page.firstMatch(of: /href="\/courier\/photos\/([0-9A-F-]{36})"/)?.1)
            let photo = try await html(&ana, "/courier/photos/\(photoID)")
            #expect(photo.contains("<h1>Foto 1 de la recogida · 10:00</h1>") && !photo.contains("photo-001"))
            #expect(try #require(photo.range(of: " px")).lowerBound > (try #require(photo.range(of: "<img"))).lowerBound)
            let gallery = try await html(&ana, "/courier/photos")
            #expect(gallery.contains("Foto del ") && !gallery.contains("photo-001"))

            var english = try await agent(client, english: true)
            let englishPage = try await html(&english, "/courier/pickups/\(id)")
            #expect(
                englishPage.contains("data-directions>Directions</a>") && englishPage.contains("data-call>Call</a>")
                    && englishPage.contains("Photo 1 of the pickup · 10:00"))

            // Could not collect: the page says so and why, to the agent and to dispatch.
            _ = try await ana.submit("/courier/pickups/\(id)/move", form: ["action": "fail", "reason": "unsafe_area", "confirm": "yes"])
            let failed = try await html(&ana, "/courier/pickups/\(id)")
            #expect(failed.contains("<p class=\"alert\" data-failure-reason><strong>No se recogió.</strong> Motivo: Zona insegura</p>"))
            #expect(!failed.contains("data-photo-input"), "a failed pickup takes no more photos")
            var office = try await dispatch(client, english: true)
            #expect(try await html(&office, "/courier/pickups/\(id)").contains("<strong>Not collected.</strong> Reason: Unsafe area</p>"))
        }
    }

    @Test("after 'mark collected' the page says it was collected and when, and leads to the next pickup still to do; after the last, back to the day")
    func collectedLeadsToTheNext() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let first = try await world.pickup(for: world.ana, sender: "Panadería La Espiga", window: ("09:00", "10:00"))
            let second = try await world.pickup(for: world.ana, sender: "Droguería Central", window: ("11:00", "12:00"))
            var ana = try await agent(client)
            _ = try await ana.submit("/courier/pickups/\(first)/move", form: ["action": "start"])
            #expect(try await world.upload(as: world.ana, pickup: first).status == .created)
            let collected = try await ana.submit("/courier/pickups/\(first)/move", form: ["action": "collect"])
            let page = String(buffer: collected.page.body)
            #expect(collected.at == "/courier/pickups/\(first)")
            #expect(page.contains("<p class=\"notice\" role=\"status\">Marcada como recogida.</p>"))
            #expect(page.contains("<strong>Recogida a las 10:00</strong>"))
            #expect(
                page.contains(
                    """
                    <a class=\"button wide\" href=\"/courier/pickups/\(second)\" data-next-pickup>Siguiente recogida: 11:00–12:00 · Droguería \
                    Central</a>
                    """
                ))

            var english = try await agent(client, english: true)
            let englishPage = try await html(&english, "/courier/pickups/\(first)")
            #expect(
                englishPage.contains("<strong>Collected at 10:00</strong>") && englishPage.contains("Next pickup: 11:00–12:00 · Droguería Central"))

            _ = try await ana.submit("/courier/pickups/\(second)/move", form: ["action": "start"])
            #expect(try await world.upload(as: world.ana, pickup: second).status == .created)
            let last = String(buffer: try await ana.submit("/courier/pickups/\(second)/move", form: ["action": "collect"]).page.body)
            #expect(
                last.contains("No te quedan recogidas pendientes.") && last.contains("href=\"/courier\">Recogidas de hoy</a>")
                    && !last.contains("data-next-pickup"))
        }
    }

    @Test(
        """
        dispatch's first action is creating a pickup — open when the board is empty — and every action ends in a confirmation that says what \
        happened
        """
    )
    func dispatchCreatesFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var office = try await dispatch(client)
            let empty = try await html(&office, "/courier/dispatch")
            let create = try #require(
                empty.range(of: "<details class=\"create\" id=\"new-pickup\" open><summary class=\"button\">＋ Nueva recogida</summary>"))
            #expect(create.lowerBound < (try #require(empty.range(of: "data-board"))).lowerBound)

            let created = try await office.submit(
                "/courier/dispatch?day=\(world.today)",
                form: [
                    "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                    "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": "1000", "agentId": world.ana.id.uuidString,
                ])
            let board = String(buffer: created.page.body)
            #expect(board.contains("<p class=\"notice\" role=\"status\">Recogida R-"))
            #expect(board.contains(" creada para Ana Pérez Gómez, 10:00–11:00.</p>"))
            // With pickups on the board the form waits behind its button, still first.
            #expect(board.contains("<details class=\"create\" id=\"new-pickup\"><summary class=\"button\">＋ Nueva recogida</summary>"))

            var english = try await dispatch(client, english: true)
            let englishCreated = try await english.submit(
                "/courier/dispatch?day=\(world.today)",
                form: [
                    "senderName": "Tienda Ñandú", "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
                    "windowStart": "11:00", "windowEnd": "12:00", "declaredValue": "1000", "agentId": world.beto.id.uuidString,
                ])
            let englishBoard = String(buffer: englishCreated.page.body)
            #expect(englishBoard.contains(" created for Beto Ríos, 11:00–12:00.</p>") && englishBoard.contains("＋ New pickup</summary>"))

            // Pausing and resuming an agent say so too.
            let paused = String(buffer: try await office.submit("/courier/agents/\(world.beto.id)/active", form: ["active": "0"]).page.body)
            #expect(paused.contains("<p class=\"notice\" role=\"status\">Beto Ríos quedó en pausa.</p>"))
            let resumed = String(buffer: try await english.submit("/courier/agents/\(world.beto.id)/active", form: ["active": "1"]).page.body)
            #expect(resumed.contains("<p class=\"notice\" role=\"status\">Beto Ríos is back at work.</p>"))
        }
    }

    @Test("the agent's pages register /courier/sw.js with the account's id and say when they were made; the worker keeps the day's pages")
    func offlinePages() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let id = try await world.pickup(for: world.ana)
            var ana = try await agent(client)
            for path in ["/courier", "/courier/pickups/\(id)", "/courier/photos"] {
                let page = try await html(&ana, path)
                #expect(
                    page.contains("<p class=\"muted\" data-updated data-offline-account=\"\(world.ana.accountID.uuidString)\">Actualizado: "),
                    "\(path)")
                #expect(page.contains("/static/courier/courier.js"), "\(path)")
            }
            var english = try await agent(client, english: true)
            #expect(try await html(&english, "/courier").contains("\">Updated: "))
            // Dispatch's pages are not kept offline.
            var office = try await dispatch(client)
            #expect(!(try await html(&office, "/courier/dispatch")).contains("data-offline-account"))

            let script = try await html(&ana, "/static/courier/courier.js")
            #expect(
                script.contains("navigator.serviceWorker.register('/courier/sw.js?account=' + encodeURIComponent(")
                    && script.contains("{ scope: '/courier' }"))
            var stranger = try await WebSession.anonymous(client)
            let worker = try await stranger.get("/courier/sw.js?account=\(world.ana.accountID.uuidString)")
            #expect(worker.status == .ok && worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/courier")
            let code = String(buffer: worker.body)
            #expect(code.contains("const PREFIX = 'patio-courier';") && code.contains("const SHELL = ['/courier', '/courier/photos',"))
        }
    }
}
