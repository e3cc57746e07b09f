import Foundation
import HummingbirdTesting
import PatioCore
import PatioPlatform
@testable import Payments
import Testing

/// The reader's inbox as the bell shows it, newest first.
private func inbox(_ client: any TestClientProtocol, _ token: String) async throws -> [[String: Any]] {
    try #require(try await client.fetch("/api/v1/notifications", token: token)["items"] as? [[String: Any]])
}

/// Spaces inside written amounts are non-breaking (`PageFormat.money`).
private let nbsp = "\u{00A0}"

@Suite("Payments notifications: the kinds InterPay declares")
struct PaymentsNotificationKindsTests {
    @Test("four kinds named payments.*, on by default, all private with lock-screen words, titles that name nothing")
    func kinds() throws {
        let kinds = PaymentsModule().notificationKinds
        #expect(kinds.map(\.id) == ["payments.request_paid", "payments.request_declined", "payments.request_expired", "payments.renewal_failed"])
        // What start-up does with them: a misnamed or doubled kind would stop Patio.
        let registered = try NotificationKinds([(module: "payments", kinds: kinds)])
        #expect(registered.all.count == 4)
        for kind in kinds {
            #expect(kind.isPrivate, "\(kind.id) names an amount, so a locked phone must not show it")
            #expect(kind.onByDefault == Set(NotificationChannel.allCases))
            let spanish = kind.words(.es), english = kind.words(.en)
            #expect(spanish.lockScreen == "Abre InterPay para ver el detalle." && english.lockScreen == "Open InterPay to see the details.")
            // The title shows on lock screens: no parameter, so no amount, description or plan.
            #expect(!spanish.title.contains("{") && !english.title.contains("{"), "\(kind.id)")
            #expect(spanish.body.contains("{amount_es}") && english.body.contains("{amount_en}"), "\(kind.id)")
            #expect(!spanish.name.isEmpty && !english.name.isEmpty && spanish.name != english.name)
        }
    }

    @Test("an amount reads right in each language: Colombian pesos are `$ 250.000` in Spanish and `$250,000 COP` in English")
    func amountPerLanguage() {
        var parameters = PaymentsNotifications.amount(25_000_000, currency: "COP")
        parameters["description"] = "Mesa de roble"
        let words = PaymentsNotifications.requestPaid
        #expect(NotificationWords.fill(words.words(.es).body, parameters) == "Te pagaron $\(nbsp)250.000 por «Mesa de roble».")
        #expect(NotificationWords.fill(words.words(.en).body, parameters) == "You were paid $250,000\(nbsp)COP for “Mesa de roble”.")
    }

    @Test("each account's choices list the Payments kinds by name, every channel on until it says otherwise")
    func choices() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let choices = try await client.fetch("/api/v1/notifications/choices", token: shop.business)
            let kinds = try #require(choices["kinds"] as? [[String: Any]]).filter { $0["module"] as? String == "payments" }
            #expect(kinds.map { $0["kind"] as? String } == PaymentsNotifications.all.map(\.id))
            #expect(kinds.first?["name"] as? String == "Un cobro mío que me pagan")
            #expect(kinds.allSatisfy { ($0["channels"] as? [String: Bool])?.values.allSatisfy { $0 } == true })
        }
    }
}

@Suite("Payments notifications: how a request ended reaches its business, a failed renewal its subscriber")
struct PaymentsNotificationsTests {
    @Test("paid: the business hears it once; a retry, a second payment and one without funds add nothing; the customer hears nothing")
    func paid() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try #require(try await shop.request()["id"] as? String)
            let key = UUID().uuidString
            #expect(try await shop.accept(id, key: key).status == .ok)

            let items = try await inbox(client, shop.business)
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["kind"] as? String == "payments.request_paid")
            #expect(item["title"] as? String == "Cobro pagado")
            #expect(item["body"] as? String == "Te pagaron $320.00\(nbsp)MXN por «Alebrije grande».")
            #expect(item["link"] as? String == "/payments/requests/\(id)")
            #expect(item["readAt"] == nil)
            #expect(try await inbox(client, shop.customer).isEmpty)

            // The same payment retried, paying it again, and a payment the wallet cannot cover (1,990.00 MXN is
            // 124.38 USD; 80.00 are left) all leave the business with the one notice.
            #expect(try await shop.accept(id, key: key).status == .ok)
            #expect(try problem(try await shop.accept(id)).code == "request_not_pending")
            let big = try await shop.request(amount: 199_000)
            #expect(try problem(try await shop.accept(big["id"]!)).code == "insufficient_funds")
            #expect(try await inbox(client, shop.business).count == 1)
            #expect(try await inbox(client, shop.customer).isEmpty)

            // The inbox speaks its reader's language; the amount is written the way English pages write it.
            #expect(try await client.api(.patch, "/api/v1/me", token: shop.business, body: ["locale": "en"]).status == .ok)
            let english = try #require(try await inbox(client, shop.business).first)
            #expect(english["title"] as? String == "Request paid")
            #expect(english["body"] as? String == "You were paid $320.00\(nbsp)MXN for “Alebrije grande”.")

            // The link opens the request's page for the business.
            var page = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let opened = try await page.get(try #require(item["link"] as? String))
            #expect(opened.status == .ok)
            #expect(String(buffer: opened.body).contains("Alebrije grande"))
        }
    }

    @Test("twenty customers' taps on one request at once: one pays, and the business gets one notice")
    func concurrentPayments() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try #require(try await shop.request(amount: 1_600)["id"] as? String)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { Int(try await shop.accept(id).status.code) } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1 && statuses.filter { $0 == 409 }.count == 19, "\(statuses)")
            let items = try await inbox(client, shop.business)
            #expect(items.map { $0["kind"] as? String } == ["payments.request_paid"])
            #expect(items.first?["body"] as? String == "Te pagaron $16.00\(nbsp)MXN por «Alebrije grande».")
        }
    }

    @Test("declined: the business hears it once, from the API or the page; a refused decline or a cancellation tells nobody")
    func declined() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            let id = try #require(request["id"] as? String)
            func decline() async throws -> String {
                try problem(try await client.api(.post, "/api/v1/payments/requests/\(id)/decline", token: shop.customer)).code
            }
            // Refused: the customer never opened it with its code.
            #expect(try await decline() == "request_not_opened")
            #expect(try await inbox(client, shop.business).isEmpty)

            _ = try await client.fetch("/api/v1/payments/requests/by-code/\(request["code"]!)", token: shop.customer)
            #expect(try await client.api(.post, "/api/v1/payments/requests/\(id)/decline", token: shop.customer).status == .ok)
            let items = try await inbox(client, shop.business)
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["kind"] as? String == "payments.request_declined")
            #expect(item["title"] as? String == "Cobro rechazado")
            #expect(item["body"] as? String == "Tu cliente rechazó el cobro de $320.00\(nbsp)MXN por «Alebrije grande».")
            #expect(item["link"] as? String == "/payments/requests/\(id)")

            // Declining again or paying it afterwards is refused and adds nothing.
            #expect(try await decline() == "request_not_pending")
            #expect(try problem(try await shop.accept(id)).code == "request_not_pending")
            // The business cancelling its own request needs no word of it, and the customer is told nothing.
            let cancelled = try #require(try await shop.request(amount: 500)["id"] as? String)
            #expect(try await client.api(.post, "/api/v1/payments/requests/\(cancelled)/cancel", token: shop.business).status == .ok)
            #expect(try await inbox(client, shop.business).count == 1)
            #expect(try await inbox(client, shop.customer).isEmpty)

            // Declined from the pay page (which opens the request by its code), after the confirmation; a second
            // later, so the inbox (newest first) shows it on top.
            patio.clock.advance(by: 1)
            let other = try await shop.request(amount: 4_550)
            var customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            #expect(try await customer.get("/payments/pay/\(other["code"]!)").status == .ok)
            #expect(try await customer.post("/payments/requests/\(other["id"]!)/decline", form: ["confirm": "yes"]).status == .seeOther)
            let after = try await inbox(client, shop.business)
            #expect(after.count == 2)
            #expect(after.first?["body"] as? String == "Tu cliente rechazó el cobro de $45.50\(nbsp)MXN por «Alebrije grande».")
            #expect(after.first?["link"] as? String == "/payments/requests/\(other["id"]!)")
            #expect(try await inbox(client, shop.customer).isEmpty)
        }
    }

    @Test("expired: each unanswered request tells its business once, whether a read or the job notices first; paid ones and cancelled ones never")
    func expired() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let seen = try #require(try await shop.request(amount: 12_345)["id"] as? String)
            let unseen = try #require(try await shop.request(amount: 500)["id"] as? String)
            let paid = try #require(try await shop.request(amount: 100)["id"] as? String)
            let cancelled = try #require(try await shop.request(amount: 200)["id"] as? String)
            #expect(try await shop.accept(paid).status == .ok)
            #expect(try await client.api(.post, "/api/v1/payments/requests/\(cancelled)/cancel", token: shop.business).status == .ok)
            patio.clock.advance(by: 599)
            let requests = PaymentsServices(environment: patio.components.environment).requests
            try await requests.expireDue()
            #expect(try await inbox(client, shop.business).map { $0["kind"] as? String } == ["payments.request_paid"])

            patio.clock.advance(by: 2)
            // Paying after the deadline is refused and records nothing, the notice included.
            #expect(try problem(try await shop.accept(seen)).code == "request_expired")
            #expect(try await inbox(client, shop.business).count == 1)
            // A read notices the deadline first; then the job and more reads race over both requests.
            #expect(try await client.fetch("/api/v1/payments/requests/\(seen)", token: shop.business)["status"] as? String == "expired")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await requests.expireDue() }
                    group.addTask { _ = try await client.fetch("/api/v1/payments/requests/\(unseen)", token: shop.business) }
                }
                try await group.waitForAll()
            }
            try await requests.expireDue()

            let items = try await inbox(client, shop.business)
            let expired = items.filter { $0["kind"] as? String == "payments.request_expired" }
            #expect(items.count == 3 && expired.count == 2, "\(items.map { $0["kind"] ?? "" })")
            let byLink = Dictionary(expired.map { ($0["link"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            let first = try #require(byLink["/payments/requests/\(seen)"])
            #expect(first["title"] as? String == "Cobro vencido")
            #expect(first["body"] as? String == "Nadie pagó a tiempo el cobro de $123.45\(nbsp)MXN por «Alebrije grande»; su código ya no sirve.")
            #expect(
                byLink["/payments/requests/\(unseen)"]?["body"] as? String
                    == "Nadie pagó a tiempo el cobro de $5.00\(nbsp)MXN por «Alebrije grande»; su código ya no sirve.")
            #expect(try await client.fetch("/api/v1/notifications", token: shop.business)["unreadCount"] as? Int == 3)
            #expect(try await inbox(client, shop.customer).isEmpty)
        }
    }

    @Test("while Patio serves, the expiry job alone tells the business its request expired")
    func expiryJob() async throws {
        try await TestPatio.with(
            modules: moduleUnderTest,
            configure: {
                $0.port = 0; $0.runsPeriodicJobs = true
            }, testing: .live
        ) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try #require(try await shop.request()["id"] as? String)
            patio.clock.advance(by: 601)
            // Nobody reads the request: only the job (every 5 s) can notice the deadline.
            var items: [[String: Any]] = []
            for _ in 0..<150 {
                items = try await inbox(client, shop.business)
                if !items.isEmpty { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(items.map { $0["kind"] as? String } == ["payments.request_expired"])
            #expect(items.first?["link"] as? String == "/payments/requests/\(id)")
        }
    }

    @Test("renewal failed: the subscriber hears which plan and amount, once; renewals that charge or end a cancelled plan say nothing")
    func renewalFailed() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let business = try #require(try await patio.components.identity.accounts.find(email: "negocio@test.patio"))
            func deposit(_ amount: Int, by token: String) async throws {
                let deposit: [String: Any] = ["accountId": business.id.uuidString, "amount": amount]
                _ = try await client.created("/api/v1/payments/admin/deposits", token: token, deposit)
            }
            try await deposit(14_900, by: shop.admin)
            _ = try await client.created("/api/v1/payments/subscription", token: shop.business, ["plan": "monthly"])
            #expect(try await shop.balance(shop.business) == 0)
            let renewals = PaymentsRenewals(environment: patio.components.environment)
            // Sessions last 30 days; each jump of a month signs in again.
            var owner = shop.business, customer = shop.customer, treasury = shop.admin
            func later(days: Double) async throws {
                patio.clock.advance(by: days * 86_400)
                owner = try await patio.login("negocio@test.patio", client: client)
                customer = try await patio.login("cliente@test.patio", client: client)
                treasury = try await patio.login("tesoreria@test.patio", client: client)
            }

            // A month later the wallet cannot pay the 149.00 MXN: the plan lapses and its owner is told.
            try await later(days: 31)
            #expect(try await renewals.renewDue() == 1)
            #expect(try await client.fetch("/api/v1/payments/subscription", token: owner)["status"] as? String == "lapsed")
            let items = try await inbox(client, owner)
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["kind"] as? String == "payments.renewal_failed")
            #expect(item["title"] as? String == "Plan sin renovar")
            #expect(
                item["body"] as? String
                    == "No pudimos cobrar $149.00\(nbsp)MXN para renovar tu plan Mensual, así que venció. Puedes contratarlo de nuevo.")
            #expect(item["link"] as? String == "/payments/subscription")
            #expect(try await inbox(client, customer).isEmpty)
            // The job running again finds nothing due and says nothing more.
            #expect(try await renewals.renewDue() == 0)
            #expect(try await inbox(client, owner).count == 1)
            var page = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            #expect(try await page.get("/payments/subscription").status == .ok)

            // Bought again with funds: the next renewal charges and tells nobody; a cancelled plan ends quietly.
            try await deposit(100_000, by: treasury)
            _ = try await client.created("/api/v1/payments/subscription", token: owner, ["plan": "monthly"])
            try await later(days: 31)
            #expect(try await renewals.renewDue() == 1)
            #expect(try await client.fetch("/api/v1/payments/subscription", token: owner)["status"] as? String == "active")
            #expect(try await client.api(.delete, "/api/v1/payments/subscription", token: owner).status == .ok)
            try await later(days: 31)
            #expect(try await renewals.renewDue() == 1)
            #expect(try await client.fetch("/api/v1/payments/subscription", token: owner)["status"] as? String == "ended")
            #expect(try await inbox(client, owner).count == 1)
            #expect(try await client.fetch("/api/v1/payments/audit", token: treasury)["ok"] as? Bool == true)
        }
    }
}
