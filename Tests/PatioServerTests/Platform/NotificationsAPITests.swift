import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioModules
import PatioPlatform
import SQLKit
import Testing

/// A browser's push subscription as `PushSubscription.toJSON()` gives it, with keys made as a browser makes
/// them (a P-256 key pair and 16 random bytes).
func browserSubscription(host: String = "fcm.googleapis.com") -> [String: Any] {
    let key = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
    let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
    return [
        "channel": "web_push", "endpoint": "https://\(host)/fcm/send/\(UUID().uuidString)",
        "keys": ["p256dh": key.base64URLEncodedString(), "auth": auth.base64URLEncodedString()],
    ]
}

@Suite("Notifications: the inbox, each person's choices and the devices pushes go to")
struct NotificationsAPITests {
    /// HR signed in, and two employees with their tokens.
    struct Office {
        let hr: String
        let ana: String
        let ben: String
        let anaID: UUID
        let benID: UUID

        static func make(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> Office {
            let hr = try await patio.token(for: "rrhh@test.patio", roles: ["onboarding.admin"], client: client)
            let ana = try await patio.account("ana@test.patio", name: "Ana Torres", roles: ["onboarding.employee"])
            let ben = try await patio.account("ben@test.patio", name: "Ben Ortiz", roles: ["onboarding.employee"])
            return Office(
                hr: hr, ana: try await patio.login(ana.email, client: client), ben: try await patio.login(ben.email, client: client),
                anaID: ana.id, benID: ben.id)
        }

        func assign(_ text: String, due: String = "2026-12-01", to assignee: UUID, client: any TestClientProtocol) async throws {
            _ = try await client.created("/api/v1/onboarding/tasks", token: hr, ["text": text, "dueDate": due, "assigneeId": assignee.uuidString])
        }
    }

    static func deliveries(_ patio: TestPatio) async throws -> Int {
        struct Row: Decodable { let n: Int }
        return try await (try patio.components.database.reader.sql).raw("SELECT COUNT(*) AS n FROM platform_notification_deliveries")
            .first(decoding: Row.self)?.n ?? -1
    }

    @Test("a task assigned lands in its assignee's inbox, in their language, unread; read one, then all")
    func inbox() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            try await office.assign("Firmar el contrato", due: "2026-12-01", to: office.anaID, client: client)
            patio.clock.advance(by: 1)
            try await office.assign("Conocer al equipo", due: "2026-12-02", to: office.anaID, client: client)

            let page = try await client.fetch("/api/v1/notifications", token: office.ana)
            let items = try #require(page["items"] as? [[String: Any]])
            #expect(items.count == 2)
            #expect(page["unreadCount"] as? Int == 2)
            // Newest first, words in the reader's language (Spanish by default), the day as people say it.
            #expect(items.first?["title"] as? String == "Tarea nueva")
            #expect(items.first?["body"] as? String == "Conocer al equipo · para el mié 2 dic")
            #expect(items.first?["link"] as? String == "/onboarding")
            #expect(items.first?["readAt"] == nil)
            // The account's own language, once it chooses one.
            #expect(try await client.api(.patch, "/api/v1/me", token: office.ana, body: ["locale": "en"]).status == .ok)
            let english = try await client.fetch("/api/v1/notifications", token: office.ana)["items"] as? [[String: Any]]
            #expect(english?.last?["title"] as? String == "New task")
            #expect(english?.last?["body"] as? String == "Firmar el contrato · due Tue, Dec 1")

            // Nobody else's inbox has them, and nobody else can mark them.
            #expect((try await client.fetch("/api/v1/notifications", token: office.ben)["items"] as? [[String: Any]])?.isEmpty == true)
            let first = try #require(items.first?["id"] as? String)
            let intruder = try await client.api(.post, "/api/v1/notifications/\(first)/read", token: office.ben)
            #expect(intruder.status == .notFound)
            #expect(try problem(intruder).code == "notification_not_found")

            #expect(try await client.api(.post, "/api/v1/notifications/\(first)/read", token: office.ana).status == .noContent)
            #expect(try await client.api(.post, "/api/v1/notifications/\(first)/read", token: office.ana).status == .noContent)
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 1)
            let unread = try await client.fetch("/api/v1/notifications?unread=true", token: office.ana)["items"] as? [[String: Any]]
            #expect(unread?.count == 1 && unread?.first?["title"] as? String == "New task")
            let all = try await client.api(.post, "/api/v1/notifications/read-all", token: office.ana)
            #expect(try object(all)["marked"] as? Int == 1)
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 0)

            #expect(try await client.api(.get, "/api/v1/notifications?unread=maybe", token: office.ana).status == .unprocessableContent)
            #expect(try await client.api(.get, "/api/v1/notifications").status == .unauthorized)
        }
    }

    @Test("the inbox pages newest first without skipping or repeating one")
    func paging() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            for index in 1...5 {
                try await office.assign("Tarea \(index)", to: office.anaID, client: client)
                patio.clock.advance(by: 1)
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let page = try await client.fetch("/api/v1/notifications?limit=2" + (cursor.map { "&cursor=\($0)" } ?? ""), token: office.ana)
                seen += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["body"] as? String }
                cursor = page["nextCursor"] as? String
            } while cursor != nil
            #expect(seen.map { String($0.prefix(7)) } == ["Tarea 5", "Tarea 4", "Tarea 3", "Tarea 2", "Tarea 1"])
            let bad = try await client.api(.get, "/api/v1/notifications?cursor=nonsense", token: office.ana)
            #expect(bad.status == .badRequest)
        }
    }

    @Test("a change rolled back sends nothing; a committed one sends once")
    func rolledBack() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            let notifications = patio.components.environment.notifications
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await patio.components.database.write { _ in
                    try await notifications.send("onboarding.task_assigned", to: [office.anaID], parameters: ["task": "x"], link: "/onboarding")
                    throw Refused()
                }
            }
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 0)
            try await patio.components.database.write { _ in
                try await notifications.send(
                    "onboarding.task_assigned", to: [office.anaID, office.anaID], parameters: ["task": "y"], link: "/onboarding")
            }
            #expect(try await client.fetch("/api/v1/notifications/unread-count", token: office.ana)["unreadCount"] as? Int == 1)

            // A module's mistake is an error, never a trap.
            await #expect(throws: AppError.self) { try await notifications.send("onboarding.nope", to: [office.anaID], link: "/onboarding") }
            await #expect(throws: AppError.self) {
                try await notifications.send("onboarding.task_assigned", to: [office.anaID], link: "https://elsewhere.example")
            }
        }
    }

    @Test("choices: every kind with its default; a change is kept; an unknown kind or channel changes nothing")
    func choices() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            let initial = try await client.fetch("/api/v1/notifications/choices", token: office.ana)
            #expect(initial["lockScreenDetails"] as? Bool == false)
            let kinds = try #require(initial["kinds"] as? [[String: Any]])
            let task = try #require(kinds.first { $0["kind"] as? String == "onboarding.task_assigned" })
            #expect(task["name"] as? String == "Una tarea que me asignan")
            #expect(task["channels"] as? [String: Bool] == ["web_push": true, "apns": true])

            let changed = try await client.api(
                .put, "/api/v1/notifications/choices", token: office.ana,
                body: ["lockScreenDetails": true, "kinds": [["kind": "onboarding.task_assigned", "channels": ["web_push": false]]]])
            #expect(changed.status == .ok)
            let after = try await client.fetch("/api/v1/notifications/choices", token: office.ana)
            #expect(after["lockScreenDetails"] as? Bool == true)
            let taskAfter = (after["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == "onboarding.task_assigned" }
            #expect(taskAfter?["channels"] as? [String: Bool] == ["web_push": false, "apns": true])
            // Someone else's choices are their own.
            let bens = (try await client.fetch("/api/v1/notifications/choices", token: office.ben)["kinds"] as? [[String: Any]])?
                .first { $0["kind"] as? String == "onboarding.task_assigned" }
            #expect(bens?["channels"] as? [String: Bool] == ["web_push": true, "apns": true])

            let refused = try await client.api(
                .put, "/api/v1/notifications/choices", token: office.ana,
                body: [
                    "lockScreenDetails": false,
                    "kinds": [
                        ["kind": "onboarding.nope", "channels": ["web_push": true]], ["kind": "onboarding.task_assigned", "channels": ["sms": true]],
                    ],
                ])
            #expect(refused.status == .unprocessableContent)
            #expect(Set(try problem(refused).errors?.compactMap(\.code) ?? []) == ["notification_kind_unknown", "notification_channel_unknown"])
            #expect(try await client.fetch("/api/v1/notifications/choices", token: office.ana)["lockScreenDetails"] as? Bool == true)
        }
    }

    @Test("devices: only a browser push service over HTTPS, a real P-256 key and a 16-byte secret; an APNs token in hex")
    func deviceValidation() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            let good = browserSubscription()
            #expect(try await client.api(.post, "/api/v1/notifications/devices", token: office.ana, body: good).status == .created)
            // The same subscription again is the same device, not a second one.
            #expect(try await client.api(.post, "/api/v1/notifications/devices", token: office.ana, body: good).status == .created)
            #expect((try await client.fetch("/api/v1/notifications/devices", token: office.ana)["items"] as? [Any])?.count == 1)

            let inside = browserSubscription(host: "169.254.169.254")
            var plain = browserSubscription()
            plain["endpoint"] = (plain["endpoint"] as! String).replacingOccurrences(of: "https:", with: "http:")
            let lookalike = browserSubscription(host: "fcm.googleapis.com.evil.example")
            var badKey = browserSubscription()
            badKey["keys"] = ["p256dh": Data(repeating: 4, count: 65).base64URLEncodedString(), "auth": "c2hvcnQ"]
            for (body, fields) in [(inside, ["endpoint"]), (plain, ["endpoint"]), (lookalike, ["endpoint"]), (badKey, ["keys.p256dh", "keys.auth"])] {
                let response = try await client.api(.post, "/api/v1/notifications/devices", token: office.ana, body: body)
                #expect(response.status == .unprocessableContent)
                #expect(Set(try problem(response).errors?.map(\.field) ?? []) == Set(fields), "\(body)")
            }
            let token = String(repeating: "ab", count: 32)
            #expect(
                try await client.api(.post, "/api/v1/notifications/devices", token: office.ana, body: ["channel": "apns", "token": token]).status
                    == .created)
            for bad in ["xyz", String(repeating: "a", count: 63), ""] {
                let response = try await client.api(
                    .post, "/api/v1/notifications/devices", token: office.ana, body: ["channel": "apns", "token": bad])
                #expect(response.status == .unprocessableContent, "\(bad)")
            }
            let sms = try await client.api(.post, "/api/v1/notifications/devices", token: office.ana, body: ["channel": "sms", "token": token])
            #expect(try problem(sms).errors?.first?.code == "notification_channel_unknown")

            // Ben cannot remove Ana's device; Ana can.
            let devices = try #require(try await client.fetch("/api/v1/notifications/devices", token: office.ana)["items"] as? [[String: Any]])
            let id = try #require(devices.first?["id"] as? String)
            #expect(try await client.api(.delete, "/api/v1/notifications/devices/\(id)", token: office.ben).status == .notFound)
            #expect(try await client.api(.delete, "/api/v1/notifications/devices/\(id)", token: office.ana).status == .noContent)
            #expect(try await client.api(.delete, "/api/v1/notifications/devices/\(id)", token: office.ana).status == .notFound)
        }
    }

    @Test("pushes are queued only to devices whose channel this Patio delivers and is on for the kind, in an open session")
    func queuedDeliveries() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, browserSubscription())
            // Without APNs credentials a phone's token is kept, and nothing is queued for it.
            _ = try await client.created(
                "/api/v1/notifications/devices", token: office.ana, ["channel": "apns", "token": String(repeating: "c", count: 64)])
            try await office.assign("Uno", to: office.anaID, client: client)
            #expect(try await Self.deliveries(patio) == 1)

            _ = try await client.api(
                .put, "/api/v1/notifications/choices", token: office.ana,
                body: ["kinds": [["kind": "onboarding.task_assigned", "channels": ["web_push": false]]]])
            try await office.assign("Dos", to: office.anaID, client: client)
            #expect(try await Self.deliveries(patio) == 1, "the browser is off for this kind")
            _ = try await client.api(
                .put, "/api/v1/notifications/choices", token: office.ana,
                body: ["kinds": [["kind": "onboarding.task_assigned", "channels": ["web_push": true]]]])

            // Ben has no device: his notification is in his inbox and queues nothing.
            try await office.assign("Tres", to: office.benID, client: client)
            #expect(try await Self.deliveries(patio) == 1)

            // Signing out ends the devices registered in that session.
            #expect(try await client.api(.post, "/api/v1/auth/logout", token: office.ana).status == .noContent)
            try await office.assign("Cuatro", to: office.anaID, client: client)
            #expect(try await Self.deliveries(patio) == 1)
        }
    }

    @Test("the same browser signed in as someone else pushes to them, no longer to the one before")
    func deviceChangesHands() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let office = try await Office.make(patio, client)
            let subscription = browserSubscription()
            _ = try await client.created("/api/v1/notifications/devices", token: office.ana, subscription)
            _ = try await client.created("/api/v1/notifications/devices", token: office.ben, subscription)
            #expect((try await client.fetch("/api/v1/notifications/devices", token: office.ana)["items"] as? [Any])?.isEmpty == true)
            try await office.assign("Para Ana", to: office.anaID, client: client)
            #expect(try await Self.deliveries(patio) == 0)
            try await office.assign("Para Ben", to: office.benID, client: client)
            #expect(try await Self.deliveries(patio) == 1)
        }
    }
}
