import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioModules
@testable import PatioPlatform
import PatioServerTestSupport
import SQLKit
import Testing

@Suite("Notifications: pushes delivered to a push service speaking the real protocol")
struct NotificationDeliveryTests {
    typealias Office = NotificationsAPITests.Office

    /// Patio accepting the fake push service's address as a browser push service.
    static func withPatio(_ body: @escaping @Sendable (TestPatio, any TestClientProtocol, FakePushService) async throws -> Void) async throws {
        try await FakePushService.run { push in
            try await TestPatio.with(
                modules: availableModules,
                configure: { $0.webPushHosts = PushServiceHosts(suffixes: ["127.0.0.1"], allowPlainHTTP: true) }
            ) { patio, client in
                try await body(patio, client, push)
            }
        }
    }

    struct DeliveryRow: Decodable, Equatable { let state: String; let attempts: Int; let last_status: Int? }

    static func deliveries(_ patio: TestPatio) async throws -> [DeliveryRow] {
        try await (try patio.components.database.reader.sql).raw(
            "SELECT state, attempts, last_status FROM platform_notification_deliveries ORDER BY updated_at, id"
        ).all(decoding: DeliveryRow.self)
    }

    @Test("a task assigned reaches the assignee's browser encrypted for it, signed by Patio, in the assignee's words")
    func delivered() async throws {
        try await Self.withPatio { patio, client, push in
            let office = try await Office.make(patio, client)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, push.subscribe("ana"))
            try await office.assign("Firmar el contrato", due: "2026-12-01", to: office.anaID, client: client)
            #expect(try await patio.components.notificationDelivery.deliverDue() == 1)

            let received = try #require(push.received.first)
            #expect(push.received.count == 1)
            #expect(received.refusal == nil && received.status == 201)
            #expect(received.payload["title"] == "Tarea nueva")
            #expect(received.payload["body"] == "Firmar el contrato · para el mar 1 dic")
            #expect(received.payload["url"] == "/onboarding")
            #expect(received.payload["kind"] == "onboarding.task_assigned")
            #expect(received.headers["ttl"] == "86400" && received.headers["urgency"] == "normal")
            #expect(try await Self.deliveries(patio) == [DeliveryRow(state: "sent", attempts: 1, last_status: 201)])
            // Sent once: another round finds nothing to do.
            #expect(try await patio.components.notificationDelivery.deliverDue() == 0)
            // The key browsers subscribe with is the one that signed the push.
            let key = try await client.fetch("/api/v1/notifications/web-push-key", token: office.ana)["publicKey"] as? String
            #expect(received.headers["authorization"]?.hasSuffix("k=\(key ?? "?")") == true)
        }
    }

    @Test("a subscription its service calls gone is removed; a busy service is tried again after the wait it asked for")
    func goneAndBusy() async throws {
        try await Self.withPatio { patio, client, push in
            let office = try await Office.make(patio, client)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, push.subscribe("ana", answering: 410))
            _ = try await client.created("/api/v1/notifications/devices", token: office.ben, push.subscribe("ben", answering: 429))
            try await office.assign("Para Ana", to: office.anaID, client: client)
            try await office.assign("Para Ben", to: office.benID, client: client)
            let delivery = patio.components.notificationDelivery
            #expect(try await delivery.deliverDue() == 2)
            #expect((try await client.fetch("/api/v1/notifications/devices", token: office.ana)["items"] as? [Any])?.isEmpty == true)
            #expect(Set(try await Self.deliveries(patio).map(\.state)) == ["gone", "pending"])

            // Ben's service said to wait 120 s: nothing is due before then.
            patio.clock.advance(by: 60)
            #expect(try await delivery.deliverDue() == 0)
            push.answer("ben", with: 201)
            patio.clock.advance(by: 61)
            #expect(try await delivery.deliverDue() == 1)
            #expect(Set(try await Self.deliveries(patio).map(\.state)) == ["gone", "sent"])
            #expect(push.received.filter { $0.subscription == "ben" }.map(\.status) == [429, 201])
        }
    }

    @Test("a platform admin sees every delivery and what its service answered; nobody else may")
    func deliveryLog() async throws {
        try await Self.withPatio { patio, client, push in
            let office = try await Office.make(patio, client)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, push.subscribe("ana"))
            _ = try await client.created("/api/v1/notifications/devices", token: office.ben, push.subscribe("ben", answering: 410))
            try await office.assign("Para Ana", to: office.anaID, client: client)
            try await office.assign("Para Ben", to: office.benID, client: client)
            try await patio.components.notificationDelivery.deliverDue()

            let admin = try await patio.token(for: "root@test.patio", roles: ["admin"], client: client)
            let all = try #require(try await client.fetch("/api/v1/admin/notifications/deliveries", token: admin)["items"] as? [[String: Any]])
            #expect(Set(all.compactMap { $0["state"] as? String }) == ["sent", "gone"])
            let gone = try #require(
                try await client.fetch("/api/v1/admin/notifications/deliveries?state=gone", token: admin)["items"] as? [[String: Any]])
            #expect(gone.count == 1 && gone.first?["accountId"] as? String == office.benID.uuidString && gone.first?["lastStatus"] as? Int == 410)
            #expect(try await client.api(.get, "/api/v1/admin/notifications/deliveries?state=lost", token: admin).status == .unprocessableContent)
            #expect(try await client.api(.get, "/api/v1/admin/notifications/deliveries", token: office.hr).status == .forbidden)

            try await patio.account("root-web@test.patio", name: "Root", roles: ["admin"])
            var browser = try await WebSession.signIn(client, email: "root-web@test.patio", password: TestPatio.password)
            let page = String(buffer: try await browser.get("/admin/notifications?state=gone").body)
            #expect(page.contains("Ben Ortiz") && page.contains("Dispositivo dado de baja") && page.contains("HTTP 410"))
            #expect(!page.contains("Ana Torres"))
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(try await ana.get("/admin/notifications").status == .forbidden)
        }
    }

    @Test("a worker stopped after claiming loses nothing: once the claim runs out the push goes, once")
    func claimRunsOut() async throws {
        try await Self.withPatio { patio, client, push in
            let office = try await Office.make(patio, client)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, push.subscribe("ana"))
            try await office.assign("Uno", to: office.anaID, client: client)
            let delivery = patio.components.notificationDelivery
            // The worker claims, then stops before it sends.
            #expect(try await delivery.claim(limit: 50).count == 1)
            #expect(try await delivery.deliverDue() == 0, "a claimed delivery is not taken twice")
            patio.clock.advance(by: delivery.lease + 1)
            #expect(try await delivery.deliverDue() == 1)
            #expect(push.received.count == 1)
            #expect(try await Self.deliveries(patio) == [DeliveryRow(state: "sent", attempts: 2, last_status: 201)])
        }
    }

    @Test("the fake push service refuses a token signed by another key or meant for another service")
    func vapidCheckCanFail() async throws {
        try await FakePushService.run { push in
            let mine = VAPID(secret: SymmetricKey(size: .bits256), subject: "mailto:ops@example.com")
            let other = VAPID(secret: SymmetricKey(size: .bits256), subject: "mailto:ops@example.com")
            let endpoint = try #require(URL(string: "http://127.0.0.1:\(push.port)/push/x"))
            let good = try mine.authorization(endpoint: endpoint, now: Date())
            #expect(push.checkVAPID(good) == nil)
            let swappedKey = good.replacingOccurrences(of: "k=\(mine.publicKey)", with: "k=\(other.publicKey)")
            #expect(push.checkVAPID(swappedKey) != nil)
            let elsewhere = try mine.authorization(endpoint: try #require(URL(string: "https://fcm.googleapis.com/x")), now: Date())
            #expect(push.checkVAPID(elsewhere) != nil)
            #expect(push.checkVAPID("Bearer abc") != nil)
        }
    }
}
