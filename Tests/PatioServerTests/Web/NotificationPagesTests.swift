import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioModules
import Testing

@Suite("Notification pages: the inbox, what reaches me, this browser")
struct NotificationPagesTests {
    typealias Office = NotificationsAPITests.Office

    @Test("the inbox: empty at first; a notification shown new; a tap reads it and opens its page; read all")
    func inbox() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let empty = String(buffer: try await ana.get("/notifications").body)
            #expect(empty.contains("Nada nuevo."))
            #expect(empty.contains("data-bell"), "every signed-in page has the bell")

            try await office.assign("Firmar el contrato", due: "2026-12-01", to: office.anaID, client: client)
            patio.clock.advance(by: 1)
            try await office.assign("Conocer al equipo", due: "2026-12-02", to: office.anaID, client: client)
            let page = String(buffer: try await ana.get("/notifications").body)
            #expect(page.contains("Firmar el contrato · para el mar 1 dic") && page.contains("Conocer al equipo · para el mié 2 dic"))
            #expect(page.components(separatedBy: "inbox-item unread").count == 3)
            #expect(page.contains("Marcar todo como leído"))

            let id = try #require(
                try await client.fetch("/api/v1/notifications", token: office.ana)["items"].flatMap {
                    ($0 as? [[String: Any]])?.first?["id"] as? String
                })
            let opened = try await ana.post("/notifications/\(id)/open", form: [:])
            #expect(opened.status == .seeOther && opened.headers[.location] == "/onboarding")
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 1)
            // Someone else's notification is not found, and opens nothing.
            var ben = try await WebSession.signIn(client, email: "ben@test.patio", password: TestPatio.password)
            #expect(try await ben.post("/notifications/\(id)/open", form: [:]).status == .notFound)

            let (after, at) = try await ana.submit("/notifications/read-all", form: [:])
            #expect(at == "/notifications")
            let html = String(buffer: after.body)
            #expect(html.contains("1 marcados como leídos."))
            #expect(!html.contains("inbox-item unread"))
            // A form without its CSRF token changes nothing.
            #expect(try await ana.post("/notifications/read-all", form: [:], includeCSRF: false).status == .forbidden)
        }
    }

    @Test("what reaches me: each kind under its app, ticked as chosen; unticking saves it off")
    func settings() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let page = String(buffer: try await ana.get("/notifications/settings").body)
            #expect(page.contains("<legend>Bienvenida</legend>") && page.contains("Una tarea que me asignan"))
            #expect(page.contains(#"name="onboarding.task_assigned web_push" checked"#))
            #expect(page.contains("data-push") && page.contains(#"data-key="B"#), "the browser panel carries the VAPID key")

            // Only the phone ticked, details on the lock screen.
            let (saved, _) = try await ana.submit(
                "/notifications/settings", form: ["onboarding.task_assigned apns": "on", "lockScreenDetails": "on"])
            let html = String(buffer: saved.body)
            #expect(html.contains("Guardado."))
            #expect(html.contains(#"name="onboarding.task_assigned web_push">"#))
            let choices = try await client.fetch("/api/v1/notifications/choices", token: office.ana)
            #expect(choices["lockScreenDetails"] as? Bool == true)
            let kind = (choices["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == "onboarding.task_assigned" }
            #expect(kind?["channels"] as? [String: Bool] == ["web_push": false, "apns": true])
        }
    }

    @Test("this browser: its subscription is registered with the page's CSRF token, listed, and removed")
    func browserDevice() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await Office.make(patio, client)
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            _ = try await ana.get("/notifications/settings")
            let subscription = browserSubscription()
            let body = Array(try JSONSerialization.data(withJSONObject: subscription))
            #expect(
                try await ana.post("/notifications/devices", bytes: body, contentType: "application/json", includeCSRF: false).status == .forbidden)
            #expect(try await ana.post("/notifications/devices", bytes: body, contentType: "application/json").status == .created)
            let listed = String(buffer: try await ana.get("/notifications/settings").body)
            #expect(listed.contains("Navegador ·"))

            let endpoint = try #require(subscription["endpoint"] as? String)
            let forget = Array(try JSONSerialization.data(withJSONObject: ["endpoint": endpoint]))
            #expect(try await ana.post("/notifications/devices/forget", bytes: forget, contentType: "application/json").status == .noContent)
            #expect(String(buffer: try await ana.get("/notifications/settings").body).contains("Ninguno todavía."))

            let worker = try await ana.get("/push-worker.js")
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(String(buffer: worker.body).contains("showNotification"))
        }
    }
}
