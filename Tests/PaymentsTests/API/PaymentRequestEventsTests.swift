import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import PatioCore
import PatioServer
import PatioTestSupport
@testable import Payments
import Testing

@Suite("Payment requests change live on both screens (WebSocket)")
struct PaymentRequestEventsTests {
    static let live: @Sendable (inout PatioConfiguration) -> Void = { $0.port = 0 }

    @Test("the business's socket gets the request, then the customer's payment, then the server closes it")
    func businessHearsPayment() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.live, testing: .live) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try await shop.request()["id"] as! String
            let messages = try await watchSocket(port: client.port!, "/api/v1/payments/requests/\(id)/events", token: shop.business) {
                let paid = try await shop.accept(id)
                #expect(paid.status == .ok)
            }.map(jsonObject)
            #expect(messages.map { $0["state"] as? String } == ["pending", "accepted"])
            let paid = messages.last!
            #expect(paid["type"] as? String == "payment_request")
            #expect(["Pagado", "Paid"].contains(paid["label"] as? String ?? ""))
            let request = paid["request"] as! [String: Any]
            #expect(request["id"] as? String == id && request["paidAmount"] as? Int == 2_000 && request["paidCurrency"] as? String == "USD")
        }
    }

    @Test("a customer watching hears the business cancel; a screen watching hears the request expire")
    func cancelAndExpiry() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.live, testing: .live) { patio, client in
            let shop = try await Shop.make(patio, client)
            let cancelled = try await shop.request()["id"] as! String
            let seenByCustomer = try await watchSocket(port: client.port!, "/api/v1/payments/requests/\(cancelled)/events", token: shop.customer) {
                let response = try await client.api(.post, "/api/v1/payments/requests/\(cancelled)/cancel", token: shop.business)
                #expect(response.status == .ok)
            }.map(jsonObject)
            #expect(seenByCustomer.map { $0["state"] as? String } == ["pending", "cancelled"])
            // The customer's view carries a quote while pending and none once it is closed.
            #expect(seenByCustomer.first?["request"].flatMap { ($0 as? [String: Any])?["quote"] } != nil)

            let expiring = try await shop.request()["id"] as! String
            let requests = PaymentsServices(environment: patio.components.environment).requests
            let seenByBusiness = try await watchSocket(port: client.port!, "/api/v1/payments/requests/\(expiring)/events", token: shop.business) {
                patio.clock.advance(by: 601)
                try await requests.expireDue()
            }.map(jsonObject)
            #expect(seenByBusiness.map { $0["state"] as? String } == ["pending", "expired"])
        }
    }

    @Test("while Patio serves, the expiry job alone tells a watching screen that its request expired")
    func expiryJob() async throws {
        try await TestPatio.with(
            modules: moduleUnderTest,
            configure: {
                $0.port = 0; $0.runsPeriodicJobs = true
            }, testing: .live
        ) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try await shop.request()["id"] as! String
            let messages = try await watchSocket(port: client.port!, "/api/v1/payments/requests/\(id)/events", token: shop.business) {
                // Nobody reads or acts on the request: only the job (every 5 s) can notice the deadline.
                patio.clock.advance(by: 601)
            }.map(jsonObject)
            #expect(messages.map { $0["state"] as? String } == ["pending", "expired"])
        }
    }

    @Test("watching a request that is already final sends it once and closes")
    func finalRequestClosesAtOnce() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.live, testing: .live) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try await shop.request()["id"] as! String
            let paid = try await shop.accept(id)
            #expect(paid.status == .ok)
            let messages = try await watchSocket(port: client.port!, "/api/v1/payments/requests/\(id)/events", token: shop.business).map(jsonObject)
            #expect(messages.map { $0["state"] as? String } == ["accepted"])
        }
    }

    @Test(
        """
        the upgrade is refused like any request: anonymous 401, not a WebSocket 426, a cookie session from another site's page 403, someone \
        else's request 404
        """
    )
    func refusedUpgrades() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try await shop.request()["id"] as! String
            let path = "/api/v1/payments/requests/\(id)/events"
            let upgrade: HTTPFields = [.secWebSocketKey: "dGhlIHNhbXBsZSBub25jZQ==", .secWebSocketVersion: "13"]

            let anonymous = try await client.api(.get, path, headers: upgrade)
            #expect(anonymous.status == .unauthorized)
            let plain = try await client.api(.get, path, token: shop.business)
            #expect(plain.status == .upgradeRequired)
            #expect(try problem(plain).code == "websocket_required")
            // The pages watch through a cookie-authenticated twin of the route: another site's page is refused there.
            var browser = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            var foreign = upgrade
            foreign[.origin] = "https://evil.example"
            let hijack = try await browser.get("/payments/requests/\(id)/live", headers: foreign)
            #expect(hijack.status == .forbidden)
            // Said in the page's language, by the refusal's code.
            #expect(String(buffer: hijack.body).contains("Solo se aceptan conexiones desde las páginas de Patio."))
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                [
                    "name": "Otro", "email": "otro@test.patio", "password": TestPatio.password,
                    "role": "business", "currency": "MXN", "businessName": "Otra tienda", "category": "Ropa",
                ])
            let other = try await patio.login("otro@test.patio", client: client)
            let stranger = try await client.api(.get, path, token: other, headers: upgrade)
            #expect(stranger.status == .notFound)
            #expect(try problem(stranger).code == "payment_request_not_found")
            let allowed = try await client.api(.get, path, token: shop.business, headers: upgrade)
            #expect(allowed.status == .ok)
        }
    }

    @Test(
        "with PostgreSQL, a payment made on one Patio instance reaches a socket connected to another (LISTEN/NOTIFY)",
        .enabled(if: TestDatabase.isPostgres, "two instances share a database only on PostgreSQL; SQLite is one process"))
    func crossInstance() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: Self.live, testing: .live) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try await shop.request()["id"] as! String
            var logger = Logger(label: "second-instance")
            logger.logLevel = .warning
            let second = try await buildComponents(patio.components.configuration, clock: patio.clock.clock, modules: moduleUnderTest, logger: logger)
            let (secondApplication, _) = try buildApplication(second, logger: logger)
            try await secondApplication.test(.live) { secondClient in
                // The socket is on the second instance; the payment goes through the first.
                let messages = try await watchSocket(port: secondClient.port!, "/api/v1/payments/requests/\(id)/events", token: shop.business) {
                    let paid = try await shop.accept(id)
                    #expect(paid.status == .ok)
                }.map(jsonObject)
                #expect(messages.map { $0["state"] as? String } == ["pending", "accepted"])
            }
            await second.close()
        }
    }
}
