import Foundation
import HummingbirdTesting
import PatioCore
import PatioPlatform
import Testing

@Suite("InterPay web pages")
struct PaymentsPagesTests {
    @Test("sign up on the web, charge with a QR, pay by code once even when Pay is pressed twice")
    func chargeAndPay() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.demoMode = true }) { patio, client in
            var shop = try await WebSession.anonymous(client)
            let refused = try await shop.post(
                "/payments/signup",
                form: ["role": "business", "name": "Xochitl", "email": "negocio@test.patio", "password": TestPatio.password, "currency": "MXN"])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("value=\"negocio@test.patio\""))
            // Field messages in the page's language, with the field's label.
            #expect(String(buffer: refused.body).contains("Nombre del negocio: Escribe el nombre del negocio."))
            let joined = try await shop.post(
                "/payments/signup",
                form: [
                    "role": "business", "name": "Xochitl", "email": "negocio@test.patio", "password": TestPatio.password,
                    "currency": "MXN", "businessName": "Artesanías Xochitl", "category": "Artesanías",
                ])
            #expect(joined.status == .seeOther)
            let admin = try await patio.token(for: "tesoreria@test.patio", roles: ["payments.admin"], client: client)
            _ = try await client.api(.put, "/api/v1/payments/admin/rates/MXN", token: admin, body: ["perEuro": 20, "asOf": "2026-11-20"])
            _ = try await client.api(.put, "/api/v1/payments/admin/rates/USD", token: admin, body: ["perEuro": 1.25, "asOf": "2026-11-20"])

            shop = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let created = try await shop.post(
                "/payments/business", form: ["amount": "320.00", "description": "Alebrije grande", "category": "Artesanías"])
            let requestPath = try #require(created.headers[.location])
            let screen = String(buffer: try await shop.get(requestPath).body)
            #expect(screen.contains("<svg") && screen.contains("$320.00\u{00A0}MXN"))
            // Live over the page's WebSocket twin; refreshing itself only without JavaScript.
            let id = requestPath.split(separator: "/").last!
            #expect(screen.contains("data-live-url=\"/payments/requests/\(id)/live\"") && screen.contains("/static/payments/live.js"))
            #expect(screen.contains("<noscript><meta http-equiv=\"refresh\""))
            let code = try #require(screen.firstMatch(of: /<strong class="big">(\d{6})<\/strong>/)?.1)

            var customer = try await WebSession.anonymous(client)
            _ = try await customer.post(
                "/payments/signup",
                form: ["role": "customer", "name": "Dan", "email": "cliente@test.patio", "password": TestPatio.password, "currency": "USD"])
            customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            #expect(try await customer.post("/payments/test-funds", form: [:]).status == .seeOther)
            let pay = String(buffer: try await customer.get("/payments/pay/\(code)").body)
            #expect(pay.contains("$20.00\u{00A0}USD") && pay.contains("0.0625") && pay.contains("vie 20 nov"))
            #expect(pay.contains("data-live-url=\"/payments/requests/\(id)/live\"") && pay.contains("data-live-while=\"pending\""))
            let key = try #require(pay.firstMatch(of: /name="key" value="([0-9A-F-]{36})"/)?.1)
            #expect(try await customer.post("/payments/requests/\(id)/accept", form: ["key": String(key)]).status == .seeOther)
            #expect(try await customer.post("/payments/requests/\(id)/accept", form: ["key": String(key)]).status == .seeOther)
            let wallet = String(buffer: try await customer.get("/payments/wallet").body)
            #expect(wallet.contains("$80.00\u{00A0}USD"))
            let paid = String(buffer: try await shop.get(requestPath).body)
            #expect(paid.contains("Pagado") && !paid.contains("http-equiv=\"refresh\"") && !paid.contains("live.js"))
            let script = try await shop.get("/static/payments/live.js")
            #expect(script.status == .ok && String(buffer: script.body).contains("data-live-url"))
            let sales = String(buffer: try await shop.get("/payments/analytics").body)
            #expect(sales.contains("<svg") && sales.contains("$320.00\u{00A0}MXN") && sales.contains("Artesanías"))
            let refusedPlan = String(buffer: try await shop.post("/payments/subscription", form: ["plan": "annual"]).body)
            #expect(refusedPlan.contains("role=\"alert\""))
            #expect(try await shop.post("/payments/subscription", form: ["plan": "monthly"]).status == .seeOther)
            let plan = String(buffer: try await shop.get("/payments/subscription").body)
            #expect(plan.contains("Activo") && plan.contains("Cancelar plan"))
            for path in ["/payments/preferences", "/payments/business", "/payments/wallet", "/payments/analytics?period=month"] {
                #expect(try await shop.get(path).status == .ok, "\(path)")
            }
        }
    }

    @Test("refusals read in Spanish on Spanish pages: the account-type choice with its own label, and the sign-up limit with its wait")
    func refusalsInSpanish() async throws {
        try await TestPatio.with(
            modules: moduleUnderTest, configure: { $0.moduleSettings = ModuleSettings(environment: ["PATIO_PAYMENTS_SIGNUPS_PER_IP": "1"]) }
        ) { _, client in
            var visitor = try await WebSession.anonymous(client)
            let unchosen = String(
                buffer: try await visitor.post(
                    "/payments/signup", form: ["name": "Ana", "email": "ana@test.patio", "password": TestPatio.password, "currency": "MXN"]
                ).body)
            #expect(unchosen.contains("Tipo de cuenta: Elige negocio o cliente."))
            #expect(!unchosen.contains("Puesto"))
            let customer = ["role": "customer", "name": "Ana", "password": TestPatio.password, "currency": "MXN"]
            #expect(try await visitor.post("/payments/signup", form: customer.merging(["email": "ana@test.patio"]) { $1 }).status == .seeOther)
            let limited = try await visitor.post("/payments/signup", form: customer.merging(["email": "otra@test.patio"]) { $1 })
            #expect(limited.status == .tooManyRequests)
            let seconds = try #require(limited.headers[.retryAfter])
            #expect(String(buffer: limited.body).contains("Demasiados intentos desde esta dirección. Inténtalo de nuevo en \(seconds) segundos."))

            // Looking up codes that match nothing: the eleventh in 15 minutes is refused, in Spanish, with its wait.
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            for _ in 0..<10 { #expect(try await ana.get("/payments/pay/000000").status == .notFound) }
            let sweeping = try await ana.get("/payments/pay/000000")
            #expect(sweeping.status == .tooManyRequests)
            let wait = try #require(sweeping.headers[.retryAfter])
            #expect(String(buffer: sweeping.body).contains("Inténtalo de nuevo en \(wait) segundos."))
        }
    }
}
