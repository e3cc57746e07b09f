import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioServer
import PatioPlatform
import Testing

@Suite("InterPay sign-up is throttled per address")
struct SignupThrottleTests {
    static let behindProxy: @Sendable (inout PatioConfiguration) -> Void = { $0.identity.trustedProxyHops = 1 }

    private func signUp(_ client: any TestClientProtocol, _ email: String, ip: String, password: String = TestPatio.password) async throws
        -> TestResponse
    {
        try await client.api(
            .post, "/api/v1/payments/signup", body: ["name": "Persona", "email": email, "password": password, "role": "customer", "currency": "MXN"],
            headers: [HTTPField.Name("X-Forwarded-For")!: ip])
    }

    @Test(
        """
        ten sign-ups an hour per address, taken emails included; the 11th answers 429 with Retry-After and creates nothing; invalid forms do \
        not count; other addresses are unaffected; an hour later it works again
        """
    )
    func perAddress() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.behindProxy) { patio, client in
            let ip = "198.51.100.20"
            for _ in 0..<3 { #expect(try await signUp(client, "not-an-email", ip: ip).status == .unprocessableContent) }
            for index in 0..<8 { #expect(try await signUp(client, "persona\(index)@test.patio", ip: ip).status == .created) }
            // Testing whether an email exists costs the same as signing up with it.
            for _ in 0..<2 {
                let taken = try await signUp(client, "persona0@test.patio", ip: ip)
                #expect(taken.status == .conflict)
                #expect(try problem(taken).code == "email_taken")
            }
            let refused = try await signUp(client, "persona8@test.patio", ip: ip)
            #expect(refused.status == .tooManyRequests)
            #expect(try problem(refused).code == "too_many_attempts")
            let retryAfter = Int(refused.headers[.retryAfter] ?? "") ?? 0
            #expect((3_500...3_600).contains(retryAfter), "Retry-After: \(retryAfter)")
            #expect(try await patio.components.identity.accounts.find(email: "persona8@test.patio") == nil)
            // Still refused for an email that is taken: the limit answers first, so it reveals nothing more.
            #expect(try await signUp(client, "persona1@test.patio", ip: ip).status == .tooManyRequests)

            #expect(try await signUp(client, "vecina@test.patio", ip: "198.51.100.21").status == .created)

            patio.clock.advance(by: 3_601)
            #expect(try await signUp(client, "persona8@test.patio", ip: ip).status == .created)
        }
    }

    @Test("PATIO_PAYMENTS_SIGNUPS_PER_IP sets the hourly allowance; the sign-up page is refused past it too, with Retry-After and the form kept")
    func configuredAndPage() async throws {
        let settings = ModuleSettings(environment: ["PATIO_PAYMENTS_SIGNUPS_PER_IP": "2"])
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.moduleSettings = settings }) { _, client in
            func signUp(_ email: String) async throws -> TestResponse {
                try await client.api(
                    .post, "/api/v1/payments/signup",
                    body: ["name": "Persona", "email": email, "password": TestPatio.password, "role": "customer", "currency": "MXN"])
            }
            #expect(try await signUp("a@test.patio").status == .created)
            #expect(try await signUp("b@test.patio").status == .created)
            #expect(try await signUp("c@test.patio").status == .tooManyRequests)
            var page = try await WebSession.anonymous(client)
            let form = try await page.post(
                "/payments/signup",
                form: ["role": "customer", "name": "Persona", "email": "web@test.patio", "password": TestPatio.password, "currency": "MXN"])
            #expect(form.status == .tooManyRequests && form.headers[.retryAfter] != nil)
            let body = String(buffer: form.body)
            #expect(body.contains("role=\"alert\"") && body.contains("value=\"web@test.patio\"") && !body.contains(TestPatio.password))
        }
    }
}

@Suite("The businesses directory is paged")
struct BusinessDirectoryPagingTests {
    @Test("limit and cursor walk the whole directory in its order (premium, distance, name) without repeats; bad limits and cursors are refused")
    func pages() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            for (index, name) in ["Ámbar", "Barro", "Cacao", "Dulce", "Encaje"].enumerated() {
                _ = try await client.created(
                    "/api/v1/payments/signup", token: "",
                    [
                        "name": name, "email": "tienda\(index)@test.patio", "password": TestPatio.password, "role": "business", "currency": "MXN",
                        "businessName": name, "category": "Comida", "latitude": 19.43 + Double(index) * 0.01, "longitude": -99.13,
                    ])
            }
            let everyone = try await client.fetch("/api/v1/payments/businesses?near=19.43,-99.13&limit=200", token: shop.customer)
            let order = (everyone["items"] as! [[String: Any]]).map { $0["businessName"] as! String }
            #expect(order == ["Ámbar", "Barro", "Cacao", "Dulce", "Encaje", "Artesanías Xochitl"])
            #expect(everyone["nextCursor"] == nil)

            var walked: [String] = [], cursor: String?, pages = 0
            repeat {
                let query = "near=19.43,-99.13&limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.fetch("/api/v1/payments/businesses?\(query)", token: shop.customer)
                let items = page["items"] as! [[String: Any]]
                #expect(items.count <= 2)
                walked += items.map { $0["businessName"] as! String }
                cursor = page["nextCursor"] as? String
                pages += 1
            } while cursor != nil && pages < 10
            #expect(walked == order && pages == 3)

            // Without a point the order is by name; the default page holds everyone here.
            let byName = try await client.fetch("/api/v1/payments/businesses?category=Comida", token: shop.customer)
            #expect(
                (byName["items"] as! [[String: Any]]).map { $0["businessName"] as! String }
                    == ["Barro", "Cacao", "Dulce", "Encaje", "Ámbar"].sorted())

            for bad in ["limit=0", "limit=201", "limit=two"] {
                #expect(
                    try problem(try await client.api(.get, "/api/v1/payments/businesses?\(bad)", token: shop.customer)).errors?.first?.field
                        == "limit", "\(bad)")
            }
            for bad in ["bm9wZQ", "a*b", CursorPageRequest.cursor(for: "0|nan|\(UUID().uuidString)|QQ"), CursorPageRequest.cursor(for: "2|1.0|x|QQ")]
            {
                let refused = try await client.api(.get, "/api/v1/payments/businesses?cursor=\(bad)", token: shop.customer)
                #expect(refused.status == .badRequest)
                #expect(try problem(refused).code == "invalid_cursor", "\(bad)")
            }
        }
    }
}
