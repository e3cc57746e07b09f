import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Payments
import Testing

@Suite("Payment requests between a business and a nearby customer")
struct PaymentRequestAPITests {
    @Test("the customer finds the request by its code with a quote in their currency, accepts it, and both wallets move atomically")
    func acceptFlow() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            #expect(request["status"] as? String == "pending" && (request["code"] as? String)?.count == 6)
            #expect((request["payUrl"] as? String)?.hasSuffix("/payments/pay/\(request["code"]!)") == true)
            let found = try await client.fetch("/api/v1/payments/requests/by-code/\(request["code"]!)", token: shop.customer)
            let quote = found["quote"] as! [String: Any]
            // 320.00 MXN at 1.25 / 20 = 0.0625 USD per MXN → 20.00 USD.
            #expect(quote["converted"] as? Int == 2_000 && quote["to"] as? String == "USD" && quote["rate"] as? String == "0.0625")
            let accepted = try await shop.accept(request["id"]!)
            #expect(accepted.status == .ok)
            let body = try object(accepted)
            #expect(body["status"] as? String == "accepted" && body["paidAmount"] as? Int == 2_000 && body["paidCurrency"] as? String == "USD")
            #expect(body["rate"] as? String == "0.0625" && body["rateAsOf"] as? String == "2026-11-20")
            #expect(try await shop.balance(shop.customer) == 8_000)
            #expect(try await shop.balance(shop.business) == 32_000)
            let seen = try await client.fetch("/api/v1/payments/requests/\(request["id"]!)", token: shop.business)
            #expect(seen["status"] as? String == "accepted")
            let audit = try await client.fetch("/api/v1/payments/audit", token: shop.admin)
            #expect(audit["ok"] as? Bool == true)
        }
    }

    @Test("accept is idempotent: a retry returns the first result, the key on another request is 422, twenty concurrent retries pay once")
    func idempotency() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.connectionForEach(of: 20) }) { patio, client in
            let shop = try await Shop.make(patio, client)
            let first = try await shop.request(amount: 16_000)
            let key = UUID().uuidString
            let once = try object(try await shop.accept(first["id"]!, key: key))
            let again = try await shop.accept(first["id"]!, key: key)
            #expect(again.status == .ok)
            #expect(try object(again)["transferId"] as? String == once["transferId"] as? String)
            #expect(try await shop.balance(shop.customer) == 9_000)
            let second = try await shop.request(amount: 16_000)
            let reused = try await shop.accept(second["id"]!, key: key)
            #expect(reused.status == .unprocessableContent)
            #expect(try problem(reused).code == "idempotency_key_reused")
            let concurrentKey = UUID().uuidString
            let secondID = second["id"] as! String
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 { group.addTask { Int(try await shop.accept(secondID, key: concurrentKey).status.code) } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(try await shop.balance(shop.customer) == 8_000)
            let missing = try await client.api(.post, "/api/v1/payments/requests/\(second["id"]!)/accept", token: shop.customer)
            #expect(try problem(missing).code == "idempotency_key_required")
        }
    }

    @Test("the state machine: insufficient funds leaves it pending; declined, cancelled and expired requests cannot move again")
    func stateMachine() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client, funds: 1_000)
            let big = try await shop.request(amount: 32_000)
            let poor = try await shop.accept(big["id"]!)
            #expect(poor.status == .conflict)
            #expect(try problem(poor).code == "insufficient_funds")
            #expect(try await client.fetch("/api/v1/payments/requests/\(big["id"]!)", token: shop.business)["status"] as? String == "pending")
            #expect(try await shop.balance(shop.customer) == 1_000)

            // Declining takes having opened the request with its code (the business's screen shows it).
            _ = try await client.fetch("/api/v1/payments/requests/by-code/\(big["code"]!)", token: shop.customer)
            let declined = try await client.api(.post, "/api/v1/payments/requests/\(big["id"]!)/decline", token: shop.customer)
            #expect(try object(declined)["status"] as? String == "declined")
            #expect(try problem(try await shop.accept(big["id"]!)).code == "request_not_pending")
            #expect(
                try problem(try await client.api(.post, "/api/v1/payments/requests/\(big["id"]!)/cancel", token: shop.business)).code
                    == "request_not_pending")

            let cancelled = try await shop.request(amount: 100)
            #expect(
                try object(try await client.api(.post, "/api/v1/payments/requests/\(cancelled["id"]!)/cancel", token: shop.business))["status"]
                    as? String == "cancelled")
            #expect(try problem(try await shop.accept(cancelled["id"]!)).code == "request_not_pending")

            let late = try await shop.request(amount: 100)
            patio.clock.advance(by: 601)
            let expired = try await shop.accept(late["id"]!)
            #expect(expired.status == .conflict)
            #expect(try problem(expired).code == "request_expired")
            #expect(try await client.fetch("/api/v1/payments/requests/\(late["id"]!)", token: shop.business)["status"] as? String == "expired")
            #expect(try await client.api(.get, "/api/v1/payments/requests/by-code/\(late["code"]!)", token: shop.customer).status == .notFound)
        }
    }

    @Test("only businesses create requests, only their own business cancels, and requests are validated")
    func access() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            #expect(
                try await client.api(.post, "/api/v1/payments/requests", token: shop.customer, body: ["amount": 100, "description": "x"]).status
                    == .forbidden)
            let invalid = try await client.api(
                .post, "/api/v1/payments/requests", token: shop.business, body: ["amount": 0, "currency": "USD", "description": ""])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["amount", "currency", "description"])
            let request = try await shop.request()
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                [
                    "name": "Otra", "email": "otra@test.patio", "password": TestPatio.password, "role": "business",
                    "currency": "MXN", "businessName": "Otra tienda", "category": "Ropa",
                ])
            let rival = try await patio.login("otra@test.patio", client: client)
            #expect(try await client.api(.post, "/api/v1/payments/requests/\(request["id"]!)/cancel", token: rival).status == .notFound)
            #expect(try await client.api(.get, "/api/v1/payments/requests/\(request["id"]!)", token: rival).status == .notFound)
            #expect(
                try await client.api(
                    .post, "/api/v1/payments/requests/\(request["id"]!)/accept", token: shop.business,
                    headers: [HTTPField.Name("Idempotency-Key")!: UUID().uuidString]
                ).status == .forbidden)
        }
    }
}

@Suite("Sales analytics")
struct SalesAnalyticsAPITests {
    @Test("week view: totals, count, average per day, buckets by day, shares by category and growth against the week before")
    func week() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            func sell(_ amount: Int, _ category: String, at time: String) async throws {
                patio.clock.set(Timestamp.parse(time)!)
                let request = try await client.created(
                    "/api/v1/payments/requests", token: shop.business, ["amount": amount, "description": "Venta", "category": category])
                #expect(try await shop.accept(request["id"]!).status == .ok)
            }
            try await sell(10_000, "Alebrijes", at: "2026-11-15T10:00:00.000Z")
            try await sell(20_000, "Alebrijes", at: "2026-11-20T10:00:00.000Z")
            try await sell(30_000, "Textiles", at: "2026-11-24T18:00:00.000Z")
            try await sell(10_000, "Alebrijes", at: "2026-11-25T09:00:00.000Z")
            let declined = try await client.created(
                "/api/v1/payments/requests", token: shop.business, ["amount": 99_000, "description": "No", "category": "Otros"])
            _ = try await client.fetch("/api/v1/payments/requests/by-code/\(declined["code"]!)", token: shop.customer)
            #expect(try await client.api(.post, "/api/v1/payments/requests/\(declined["id"]!)/decline", token: shop.customer).status == .ok)
            patio.clock.set(Timestamp.parse("2026-11-25T12:00:00.000Z")!)

            let report = try await client.fetch("/api/v1/payments/analytics?period=week", token: shop.business)
            #expect(report["from"] as? String == "2026-11-19" && report["to"] as? String == "2026-11-25")
            #expect(report["total"] as? Int == 60_000 && report["count"] as? Int == 3 && report["average"] as? Int == 8_571)
            let series = report["series"] as! [[String: Any]]
            #expect(series.count == 7 && series[1]["label"] as? String == "2026-11-20" && series[1]["amount"] as? Int == 20_000)
            let categories = (report["categories"] as! [[String: Any]]).map { "\($0["category"]!) \($0["amount"]!) \($0["share"]!)" }
            #expect(categories == ["Alebrijes 30000 0.5", "Textiles 30000 0.5"])
            #expect(report["previousTotal"] as? Int == 10_000 && report["growth"] as? Double == 5)

            let month = try await client.fetch("/api/v1/payments/analytics?period=month", token: shop.business)
            #expect((month["series"] as! [Any]).count == 4 && month["total"] as? Int == 70_000 && month["average"] as? Int == 17_500)
            #expect(month["growth"] == nil)
            #expect(
                try problem(try await client.api(.get, "/api/v1/payments/analytics?period=year", token: shop.business)).errors?.first?.field
                    == "period")
            #expect(try await client.api(.get, "/api/v1/payments/analytics", token: shop.customer).status == .forbidden)
        }
    }
}

@Suite("Subscriptions and the businesses directory")
struct SubscriptionAPITests {
    @Test("activating charges the wallet; cancelling keeps the plan to the period's end; renewal charges again or lapses with a reason")
    func lifecycle() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let business = try await patio.components.identity.accounts.find(email: "negocio@test.patio")!
            _ = try await client.created(
                "/api/v1/payments/admin/deposits", token: shop.admin, ["accountId": business.id.uuidString, "amount": 20_000])
            #expect(try await client.fetch("/api/v1/payments/subscription", token: shop.business)["status"] as? String == "none")
            let bad = try await client.api(.post, "/api/v1/payments/subscription", token: shop.business, body: ["plan": "weekly"])
            #expect(try problem(bad).errors?.first?.field == "plan")
            let active = try await client.created("/api/v1/payments/subscription", token: shop.business, ["plan": "monthly"])
            #expect(active["status"] as? String == "active")
            #expect(try await shop.balance(shop.business) == 5_100)
            let again = try await client.api(.post, "/api/v1/payments/subscription", token: shop.business, body: ["plan": "monthly"])
            #expect(try problem(again).code == "already_subscribed")
            let renewals = try await renewalService(patio)
            // Sessions last 30 days; each jump of a month signs in again.
            var owner = shop.business, treasury = shop.admin
            func later(days: Double) async throws {
                patio.clock.advance(by: days * 86_400)
                owner = try await patio.login("negocio@test.patio", client: client)
                treasury = try await patio.login("tesoreria@test.patio", client: client)
            }
            func balance() async throws -> Int { try await client.fetch("/api/v1/payments/wallet", token: owner)["balance"] as! Int }

            // 31 days later the renewal job charges again: 51.00 left is not enough for 149.00, so the plan lapses.
            try await later(days: 31)
            #expect(try await renewals.renewDue() == 1)
            let lapsed = try await client.fetch("/api/v1/payments/subscription", token: owner)
            #expect(lapsed["status"] as? String == "lapsed" && lapsed["lapseReason"] as? String == "insufficient_funds")
            #expect(try await balance() == 5_100)

            _ = try await client.created("/api/v1/payments/admin/deposits", token: treasury, ["accountId": business.id.uuidString, "amount": 40_000])
            _ = try await client.created("/api/v1/payments/subscription", token: owner, ["plan": "monthly"])
            try await later(days: 31)
            #expect(try await renewals.renewDue() == 1)
            #expect(try await renewals.renewDue() == 0)
            #expect(try await balance() == 45_100 - 14_900 * 2)
            let cancelled = try await client.api(.delete, "/api/v1/payments/subscription", token: owner)
            #expect(try object(cancelled)["cancelAtPeriodEnd"] as? Bool == true && (try object(cancelled))["status"] as? String == "active")
            try await later(days: 31)
            try await renewals.renewDue()
            #expect(try await client.fetch("/api/v1/payments/subscription", token: owner)["status"] as? String == "ended")
            #expect(try await balance() == 15_300)
            #expect(try problem(try await client.api(.delete, "/api/v1/payments/subscription", token: owner)).code == "not_subscribed")
            #expect(try await client.fetch("/api/v1/payments/audit", token: treasury)["ok"] as? Bool == true)
        }
    }

    @Test("the directory lists premium businesses first, then by distance, and filters by category")
    func directory() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            for (name, email, lat, lon) in [("Cerca", "cerca@test.patio", 19.4330, -99.1330), ("Lejos", "lejos@test.patio", 20.6597, -103.3496)] {
                _ = try await client.created(
                    "/api/v1/payments/signup", token: "",
                    [
                        "name": name, "email": email, "password": TestPatio.password, "role": "business",
                        "currency": "MXN", "businessName": name, "category": "Comida", "latitude": lat, "longitude": lon,
                    ])
            }
            let far = try await patio.login("lejos@test.patio", client: client)
            let farID = try await patio.components.identity.accounts.find(email: "lejos@test.patio")!.id
            _ = try await client.created("/api/v1/payments/admin/deposits", token: shop.admin, ["accountId": farID.uuidString, "amount": 20_000])
            _ = try await client.created("/api/v1/payments/subscription", token: far, ["plan": "monthly"])
            let listed = try await client.fetch("/api/v1/payments/businesses?near=19.4326,-99.1332&category=Comida", token: shop.customer)
            let items = listed["items"] as! [[String: Any]]
            #expect(items.map { $0["businessName"] as! String } == ["Lejos", "Cerca"])
            #expect(items[0]["premium"] as? Bool == true && (items[1]["distanceKm"] as? Double ?? 99) < 1)
            #expect((items[0]["distanceKm"] as? Double ?? 0) > 400)
            let all = try await client.fetch("/api/v1/payments/businesses", token: shop.customer)
            #expect((all["items"] as! [Any]).count == 3)
            #expect(
                try problem(try await client.api(.get, "/api/v1/payments/businesses?near=north", token: shop.customer)).errors?.first?.field == "near"
            )
        }
    }
}

/// The renewal job's service, as the composition root runs it.
private func renewalService(_ patio: TestPatio) async throws -> PaymentsRenewals {
    PaymentsRenewals(environment: patio.components.environment)
}
