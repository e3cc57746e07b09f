import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioServer
import Testing

/// Someone trying every six-digit code to find (and decline) other people's payment requests.
@Suite("Payment request codes cannot be swept")
struct PaymentRequestSweepTests {
    static let behindProxy: @Sendable (inout PatioConfiguration) -> Void = { $0.identity.trustedProxyHops = 1 }

    /// A code other than `code`, different for each `index`.
    private func wrong(_ code: Any, _ index: Int) -> String {
        String(format: "%06d", (Int("\(code)")! + 1 + index) % 1_000_000)
    }

    private func lookUp(_ client: any TestClientProtocol, _ code: String, token: String, ip: String = "198.51.100.7") async throws -> TestResponse {
        try await client.api(.get, "/api/v1/payments/requests/by-code/\(code)", token: token, headers: [HTTPField.Name("X-Forwarded-For")!: ip])
    }

    @Test(
        """
        per account: codes that open a request never count; the 11th code matching nothing within 15 minutes answers 429 with Retry-After, even \
        a live code, until the window passes
        """
    )
    func perAccount() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.behindProxy) { patio, client in
            let shop = try await Shop.make(patio, client)
            let live = try await shop.request()
            let code = live["code"] as! String
            for _ in 0..<15 { #expect(try await lookUp(client, code, token: shop.customer).status == .ok) }
            for index in 0..<10 {
                let miss = try await lookUp(client, wrong(code, index), token: shop.customer)
                #expect(miss.status == .notFound)
                #expect(try problem(miss).code == "payment_request_not_found")
            }
            // Past the limit a right code is refused too, so the answers tell a sweeper nothing.
            for attempt in [wrong(code, 10), code] {
                let refused = try await lookUp(client, attempt, token: shop.customer)
                #expect(refused.status == .tooManyRequests)
                #expect(try problem(refused).code == "too_many_attempts")
                let retryAfter = Int(refused.headers[.retryAfter] ?? "") ?? 0
                #expect((1...900).contains(retryAfter), "Retry-After: \(retryAfter)")
            }
            // Malformed codes are misses as well, not a way around the count.
            #expect(try await lookUp(client, "12ab56", token: shop.customer).status == .tooManyRequests)

            patio.clock.advance(by: 15 * 60 + 1)
            let customer = try await patio.login("cliente@test.patio", client: client)
            let business = try await patio.login("negocio@test.patio", client: client)
            let fresh = try await client.created(
                "/api/v1/payments/requests", token: business, ["amount": 5_000, "description": "Otra venta", "category": "Artesanías"])
            let found = try await lookUp(client, fresh["code"] as! String, token: customer)
            #expect(found.status == .ok)
        }
    }

    @Test("per address: misses from several accounts at one IP add up to 30; the same account from another IP still looks codes up")
    func perAddress() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.behindProxy) { patio, client in
            let shop = try await Shop.make(patio, client)
            let code = try await shop.request()["code"] as! String
            var tokens: [String] = []
            for index in 0..<4 {
                _ = try await client.created(
                    "/api/v1/payments/signup", token: "",
                    [
                        "name": "Barrido \(index)", "email": "barrido\(index)@test.patio",
                        "password": TestPatio.password, "role": "customer", "currency": "MXN",
                    ])
                tokens.append(try await patio.login("barrido\(index)@test.patio", client: client))
            }
            var statuses: [Int] = []
            for index in 0..<32 {
                statuses.append(Int(try await lookUp(client, wrong(code, index), token: tokens[index % 4], ip: "203.0.113.9").status.code))
            }
            #expect(statuses.prefix(30).allSatisfy { $0 == 404 } && statuses.suffix(2) == [429, 429], "\(statuses)")
            // Each of those accounts missed only 8 times: from another address they still find the live code.
            #expect(try await lookUp(client, code, token: tokens[0], ip: "203.0.113.10").status == .ok)
        }
    }

    @Test("only a customer who opened a request with its code may decline it; anyone else gets 403 request_not_opened and the request stays pending")
    func declineNeedsTheCode() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            let id = request["id"] as! String
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                [
                    "name": "Lejano", "email": "lejano@test.patio",
                    "password": TestPatio.password, "role": "customer", "currency": "USD",
                ])
            let stranger = try await patio.login("lejano@test.patio", client: client)
            // The id alone (from a link, a log, a shoulder) is not enough.
            let refused = try await client.api(.post, "/api/v1/payments/requests/\(id)/decline", token: stranger)
            #expect(refused.status == .forbidden)
            #expect(try problem(refused).code == "request_not_opened")
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "pending")
            let alsoRefused = try await client.api(.post, "/api/v1/payments/requests/\(id)/decline", token: shop.customer)
            #expect(try problem(alsoRefused).code == "request_not_opened")

            // The customer at the counter types the code, then declines.
            _ = try await client.fetch("/api/v1/payments/requests/by-code/\(request["code"]!)", token: shop.customer)
            let declined = try await client.api(.post, "/api/v1/payments/requests/\(id)/decline", token: shop.customer)
            #expect(declined.status == .ok)
            #expect(try object(declined)["status"] as? String == "declined")
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "declined")
            // Having opened one request by its code says nothing about the next.
            let next = try await shop.request(amount: 1_000)
            #expect(
                try problem(try await client.api(.post, "/api/v1/payments/requests/\(next["id"]!)/decline", token: shop.customer)).code
                    == "request_not_opened")
        }
    }

    @Test("the pay page opens the request by its code, so declining from it works; a decline form posted without opening it says why")
    func declineFromThePage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let first = try await shop.request(), second = try await shop.request(amount: 1_000)
            var customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            #expect(try await customer.get("/payments/pay/\(first["code"]!)").status == .ok)
            let declined = try await customer.post("/payments/requests/\(first["id"]!)/decline", form: ["confirm": "yes"])
            #expect(declined.status == .seeOther)
            #expect(try await client.fetch("/api/v1/payments/requests/\(first["id"]!)", token: shop.business)["status"] as? String == "declined")
            let refused = try await customer.post("/payments/requests/\(second["id"]!)/decline", form: ["confirm": "yes"])
            #expect(refused.status == .forbidden)
            #expect(String(buffer: refused.body).contains("role=\"alert\""))
            #expect(String(buffer: refused.body).contains("Solo quien abrió este cobro con su código puede rechazarlo."))
            #expect(try await client.fetch("/api/v1/payments/requests/\(second["id"]!)", token: shop.business)["status"] as? String == "pending")
        }
    }
}
