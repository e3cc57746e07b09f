import Crypto
import Foundation
import HummingbirdTesting
import PatioCore
import PatioModules
@testable import PatioPlatform
import PatioServer
import PatioServerTestSupport
import SQLKit
import Synchronization
import Testing

@Suite("Notifications: pushes delivered to iPhones through a fake APNs speaking HTTP/2 over TLS")
struct APNsDeliveryTests {
    typealias Office = NotificationsAPITests.Office
    typealias DeliveryRow = NotificationDeliveryTests.DeliveryRow

    static let keyID = "ABC123DEFG"
    static let teamID = "TEAM123456"
    static let topic = "mx.patio.app"

    /// Patio with APNs credentials for a fake APNs on a local port, trusting the fake's certificate authority.
    static func withPatio(_ body: @escaping @Sendable (TestPatio, any TestClientProtocol, FakeAPNs) async throws -> Void) async throws {
        let key = P256.Signing.PrivateKey()
        let credentials = try APNsCredentials(keyID: keyID, teamID: teamID, topic: topic, keyPEM: key.pemRepresentation)
        // The fake judges tokens' ages by Patio's own clock, which the tests move.
        let patioClock = Mutex<ManualClock?>(nil)
        try await FakeAPNs.run(
            keyID: keyID, teamID: teamID, topic: topic, publicKey: key.publicKey, now: { patioClock.withLock { $0?.date } ?? Date() }
        ) { apns in
            try await TestPatio.with(
                modules: availableModules,
                configure: {
                    $0.apns = APNsSettings(credentials: credentials, host: "localhost:\(apns.port)", trustRootsPEM: FakeAPNs.trustRootPEM)
                }
            ) { patio, client in
                patioClock.withLock { $0 = patio.clock }
                try await body(patio, client, apns)
            }
        }
    }

    static func register(_ token: String, as account: String, _ client: any TestClientProtocol) async throws {
        _ = try await client.created("/api/v1/notifications/devices", token: account, ["channel": "apns", "token": token])
    }

    @Test("a task assigned reaches the assignee's iPhone: HTTP/2 to APNs, signed for the team, in the assignee's words")
    func delivered() async throws {
        try await Self.withPatio { patio, client, apns in
            let office = try await Office.make(patio, client)
            let phone = apns.installApp()
            try await Self.register(phone, as: office.ana, client)
            try await office.assign("Firmar el contrato", due: "2026-12-01", to: office.anaID, client: client)
            #expect(try await patio.components.notificationDelivery.deliverDue() == 1)

            let received = try #require(apns.received.first)
            #expect(apns.received.count == 1)
            #expect(received.status == 200 && received.reason == nil)
            #expect(received.deviceToken.lowercased() == phone.lowercased())
            #expect(received.headers["apns-topic"] == Self.topic && received.headers["apns-push-type"] == "alert")
            #expect(received.headers["apns-priority"] == "10")
            #expect(received.headers["apns-expiration"] == String(Int(patio.clock.date.timeIntervalSince1970) + 86400))
            let payload = try #require(try JSONSerialization.jsonObject(with: received.payload) as? [String: Any])
            let alert = (payload["aps"] as? [String: Any])?["alert"] as? [String: String]
            #expect(alert == ["title": "Tarea nueva", "body": "Firmar el contrato · para el mar 1 dic"])
            let patioPart = payload["patio"] as? [String: String]
            #expect(patioPart?["url"] == "/onboarding" && patioPart?["kind"] == "onboarding.task_assigned")
            #expect(try await NotificationDeliveryTests.deliveries(patio) == [DeliveryRow(state: "sent", attempts: 1, last_status: 200)])
        }
    }

    @Test("the provider token is kept for 45 minutes and then renewed, inside Apple's 20-minute and one-hour limits")
    func providerTokenRenewed() async throws {
        try await Self.withPatio { patio, client, apns in
            let office = try await Office.make(patio, client)
            try await Self.register(apns.installApp(), as: office.ana, client)
            let delivery = patio.components.notificationDelivery
            let start = patio.clock.date
            for minutes in [0, 10, 25, 50, 65] {
                patio.clock.set(start.addingTimeInterval(Double(minutes) * 60))
                try await office.assign("A los \(minutes) minutos", to: office.anaID, client: client)
                #expect(try await delivery.deliverDue() == 1)
            }
            // Every push was accepted: no token was renewed too soon (429) nor kept too long (403).
            #expect(apns.received.map(\.status) == [200, 200, 200, 200, 200], "\(apns.received.map(\.reason))")
            #expect(Set(apns.received.map(\.providerToken)).count == 2)
        }
    }

    @Test("a private kind shows only its lock-screen words on the phone until the account chooses to see details")
    func lockScreen() async throws {
        try await Self.withPatio { patio, client, apns in
            let office = try await Office.make(patio, client)
            try await Self.register(apns.installApp(), as: office.ana, client)
            let notifications = patio.components.environment.notifications
            let paid = ["amount_es": "$ 250.000", "amount_en": "$250,000 COP", "description": "Mesa de roble"]
            try await notifications.send("payments.request_paid", to: [office.anaID], parameters: paid, link: "/payments")
            try await patio.components.notificationDelivery.deliverDue()
            _ = try await client.api(.put, "/api/v1/notifications/choices", token: office.ana, body: ["lockScreenDetails": true, "kinds": []])
            try await notifications.send("payments.request_paid", to: [office.anaID], parameters: paid, link: "/payments")
            try await patio.components.notificationDelivery.deliverDue()

            let alerts = try apns.received.map { received in
                ((try JSONSerialization.jsonObject(with: received.payload) as? [String: Any])?["aps"] as? [String: Any])?["alert"]
                    as? [String: String]
            }
            #expect(
                alerts == [
                    ["title": "Cobro pagado", "body": "Abre InterPay para ver el detalle."],
                    ["title": "Cobro pagado", "body": "Te pagaron $ 250.000 por «Mesa de roble»."],
                ])
            // The inbox, read after unlocking, always has the details.
            let inbox = try #require(try await client.fetch("/api/v1/notifications", token: office.ana)["items"] as? [[String: Any]])
            #expect(inbox.allSatisfy { ($0["body"] as? String)?.contains("250.000") == true })
        }
    }

    @Test("a token Apple calls unregistered or bad is forgotten; a busy APNs is tried again; a wrong topic fails and keeps the device")
    func apnsAnswers() async throws {
        try await Self.withPatio { patio, client, apns in
            let office = try await Office.make(patio, client)
            let carol = try await patio.account("carol@test.patio", name: "Carol Vega", roles: ["onboarding.employee"])
            let carolToken = try await patio.login(carol.email, client: client)
            let dan = try await patio.account("dan@test.patio", name: "Dan Ruiz", roles: ["onboarding.employee"])
            let danToken = try await patio.login(dan.email, client: client)
            let (gone, bad, busy, otherApp) = (apns.installApp(), apns.installApp(), apns.installApp(), apns.installApp())
            apns.answer(otherApp, status: 400, reason: "DeviceTokenNotForTopic")
            apns.answer(gone, status: 410, reason: "Unregistered")
            apns.answer(bad, status: 400, reason: "BadDeviceToken")
            apns.answer(busy, status: 503, reason: "ServiceUnavailable")
            try await Self.register(gone, as: office.ana, client)
            try await Self.register(bad, as: office.ben, client)
            try await Self.register(busy, as: carolToken, client)
            try await Self.register(otherApp, as: danToken, client)
            for account in [office.anaID, office.benID, carol.id, dan.id] { try await office.assign("Hola", to: account, client: client) }
            let delivery = patio.components.notificationDelivery
            #expect(try await delivery.deliverDue() == 4)
            // Sent at once, they carry one provider token: Apple counts every new one as a renewal.
            #expect(Set(apns.received.map(\.providerToken)).count == 1)

            for token in [office.ana, office.ben] {
                #expect((try await client.fetch("/api/v1/notifications/devices", token: token)["items"] as? [Any])?.isEmpty == true)
            }
            for token in [carolToken, danToken] {
                #expect((try await client.fetch("/api/v1/notifications/devices", token: token)["items"] as? [Any])?.count == 1)
            }
            let rows = try await NotificationDeliveryTests.deliveries(patio)
            #expect(rows.filter { $0.state == "gone" }.compactMap(\.last_status).sorted() == [400, 410])
            #expect(rows.filter { $0.state == "pending" }.map(\.last_status) == [503])
            #expect(rows.filter { $0.state == "failed" }.map(\.last_status) == [400])

            apns.answer(busy, status: 200, reason: "")
            patio.clock.advance(by: 31)
            #expect(try await delivery.deliverDue() == 1)
            #expect(try await NotificationDeliveryTests.deliveries(patio).filter { $0.state == "sent" }.count == 1)
        }
    }

    @Test("a notification too long for Apple's 4 KB is shortened, not refused; Apple's answers are read as Apple documents them")
    func payloadAndAnswers() throws {
        let payload = NotificationDelivery.Payload(
            id: UUID(), kind: "onboarding.task_assigned", title: "Tarea nueva", body: String(repeating: "ñandú \"x\" ", count: 800),
            url: "/onboarding")
        let body = APNs.body(payload)
        #expect(body.count <= 4096 && body.count > 3800)
        let alert = ((try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["aps"] as? [String: Any])?["alert"] as? [String: String]
        #expect(alert?["body"]?.hasSuffix("…") == true && alert?["body"]?.hasPrefix("ñandú \"x\"") == true)
        let short = APNs.body(NotificationDelivery.Payload(id: UUID(), kind: "k.k", title: "T", body: "corto", url: "/"))
        #expect(String(decoding: short, as: UTF8.self).contains("\"body\":\"corto\""))

        #expect(APNs.answer(status: 200, body: "") == .accepted)
        #expect(APNs.answer(status: 400, body: #"{"reason":"BadDeviceToken"}"#) == .deviceGone(reason: "BadDeviceToken"))
        #expect(APNs.answer(status: 410, body: #"{"reason":"Unregistered","timestamp":1}"#) == .deviceGone(reason: "Unregistered"))
        #expect(APNs.answer(status: 403, body: #"{"reason":"ExpiredProviderToken"}"#) == .providerTokenExpired)
        #expect(APNs.answer(status: 429, body: #"{"reason":"TooManyProviderTokenUpdates"}"#) == .passing(reason: "TooManyProviderTokenUpdates"))
        #expect(APNs.answer(status: 400, body: #"{"reason":"DeviceTokenNotForTopic"}"#) == .refused(reason: "DeviceTokenNotForTopic"))
        #expect(APNs.answer(status: 403, body: "<html>") == .refused(reason: "HTTP 403"))
    }

    @Test("APNs settings: all or none, Apple's id shapes, the .p8 key read from its file; nothing set means inbox and Web Push only")
    func settings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("patio-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let keyFile = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let complete = [
            "PATIO_APNS_KEY_FILE": keyFile, "PATIO_APNS_KEY_ID": Self.keyID, "PATIO_APNS_TEAM_ID": Self.teamID, "PATIO_APNS_TOPIC": Self.topic,
        ]

        #expect(try PatioConfiguration.fromEnvironment([:]).apns == nil)
        let production = try #require(try PatioConfiguration.fromEnvironment(complete).apns)
        #expect(production.host == "api.push.apple.com" && production.credentials.topic == Self.topic)
        var sandbox = complete
        sandbox["PATIO_APNS_HOST"] = "sandbox"
        #expect(try PatioConfiguration.fromEnvironment(sandbox).apns?.host == "api.sandbox.push.apple.com")

        func refusal(_ environment: [String: String]) -> String {
            do {
                _ = try PatioConfiguration.fromEnvironment(environment)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        var partial = complete
        partial["PATIO_APNS_TEAM_ID"] = nil
        #expect(refusal(partial).contains("PATIO_APNS_TEAM_ID"))
        #expect(refusal(complete.merging(["PATIO_APNS_KEY_ID": "short"]) { $1 }).contains("key id"))
        #expect(refusal(complete.merging(["PATIO_APNS_KEY_FILE": directory.path + "/none.p8"]) { $1 }).contains("cannot read"))
        let notAKey = directory.appendingPathComponent("cert.pem").path
        try "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n".write(toFile: notAKey, atomically: true, encoding: .utf8)
        #expect(refusal(complete.merging(["PATIO_APNS_KEY_FILE": notAKey]) { $1 }).contains(".p8"))
        #expect(refusal(complete.merging(["PATIO_APNS_HOST": "https://evil.example/x"]) { $1 }).contains("PATIO_APNS_HOST"))
        #expect(refusal(complete.merging(["PATIO_APNS_CA_FILE": keyFile]) { $1 }).contains("PATIO_APNS_CA_FILE"))
    }

    @Test("without APNs credentials an iPhone's token is kept but nothing is queued for it; the inbox still has the notice")
    func withoutCredentials() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            try await Self.register(String(repeating: "ab", count: 32), as: office.ana, client)
            try await office.assign("Sin iPhone", to: office.anaID, client: client)
            #expect(try await NotificationsAPITests.deliveries(patio) == 0)
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 1)
        }
    }
}
