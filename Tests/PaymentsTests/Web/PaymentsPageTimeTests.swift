import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Payments

@Suite("InterPay pages in the reader's time and words: local times, who paid whom, a confirmation after paying, movements a page at a time")
struct PaymentsPageTimeTests {
    @Test("a Mexican shop reads Mexico City time, never UTC, until its browser reports its zone; then that zone")
    func localTimes() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try #require(try await shop.request()["id"] as? String)
            let expires = try #require(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["expiresAt"] as? String)
            let expiry = try Date(expires, strategy: .iso8601)
            func clock(_ zone: String) -> String {
                let formatter = DateFormatter()
                formatter.dateFormat = "HH:mm"
                formatter.timeZone = TimeZone(identifier: zone)
                return formatter.string(from: expiry)
            }
            #expect(clock("America/Mexico_City") != clock("UTC") && clock("Asia/Tokyo") != clock("UTC"))
            var business = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let screen = String(buffer: try await business.get("/payments/requests/\(id)").body)
            #expect(screen.contains(clock("America/Mexico_City")) && !screen.contains("UTC"), "\(screen)")
            business.cookies["patio_tz"] = "Asia%2FTokyo"
            #expect(String(buffer: try await business.get("/payments/requests/\(id)").body).contains(clock("Asia/Tokyo")))
            // A zone this machine does not know is ignored, not trusted.
            business.cookies["patio_tz"] = "Mars%2FOlympus"
            #expect(String(buffer: try await business.get("/payments/requests/\(id)").body).contains(clock("America/Mexico_City")))
        }
    }

    @Test("after paying, the wallet says what was paid and to whom; each movement names the other side; rates show four decimals at most")
    func paidConfirmation() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let id = try #require(try await shop.request(amount: 32_000)["id"] as? String)
            var customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            let code = try #require(try await shop.client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["code"] as? String)
            let pay = String(buffer: try await customer.get("/payments/pay/\(code)").body)
            #expect(pay.contains("0.0625"))
            let key = try #require(pay.firstMatch(of: /name="key" value="([0-9A-F-]{36})"/)?.1)
            let paid = try await customer.post("/payments/requests/\(id)/accept", form: ["key": String(key)])
            let location = try #require(paid.headers[.location])
            #expect(location == "/payments/wallet?paid=\(id.uppercased())" || location == "/payments/wallet?paid=\(id)")
            let wallet = String(buffer: try await customer.get(location).body)
            #expect(wallet.contains("Pagaste $20.00\u{00A0}USD a Artesanías Xochitl."), "\(wallet)")
            #expect(wallet.contains("Artesanías Xochitl"))
            // Reloading the address again, or someone else's paid request, shows no confirmation that is not theirs.
            var business = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let theirs = String(buffer: try await business.get(location).body)
            #expect(!theirs.contains("Pagaste") && theirs.contains("Dan"), "the business sees who paid it")
            let screen = String(buffer: try await business.get("/payments/requests/\(id)").body)
            #expect(screen.contains("0.0625") && !screen.contains("0.06250"), "the rate as a person reads it: \(screen)")
        }
    }

    @Test("movements come twenty at a time with a link to older ones; a cursor that no longer reads starts from the newest")
    func paging() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client, funds: 100_000)
            for _ in 0..<24 {
                let id = try #require(try await shop.request(amount: 100)["id"] as? String)
                #expect(try await shop.accept(id).status == .ok)
                patio.clock.advance(by: 60)
            }
            var customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            let first = String(buffer: try await customer.get("/payments/wallet").body)
            #expect(first.components(separatedBy: "<tr>").count - 2 == PaymentsPageHandlers.movementsPerPage)
            let older = try #require(first.firstMatch(of: /href="(\/payments\/wallet\?cursor=[^"]+)"/)?.1)
            let second = String(buffer: try await customer.get(String(older).replacingOccurrences(of: "&amp;", with: "&")).body)
            // 24 payments and the deposit: five on the second page, and no further link.
            #expect(second.components(separatedBy: "<tr>").count - 2 == 5)
            #expect(!second.contains("cursor=") && second.contains("/payments/wallet\">"))
            let broken = try await customer.get("/payments/wallet?cursor=not-a-cursor")
            #expect(
                broken.status == .ok && String(buffer: broken.body).components(separatedBy: "<tr>").count - 2 == PaymentsPageHandlers.movementsPerPage
            )
        }
    }
}
