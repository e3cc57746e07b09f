import Foundation
import HummingbirdTesting
import PatioCore
import Testing

@Suite("Exchange rates and conversion")
struct ExchangeRateAPITests {
    @Test(
        """
        conversion uses both rates through the euro and rounds up to the payer's next minor unit; aliases are accepted; a missing rate is a \
        clear error
        """
    )
    func conversion() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let admin = try await patio.token(for: "tesoreria@test.patio", roles: ["payments.admin"], client: client)
            for (code, rate) in [("USD", "1"), ("MXN", "2.5"), ("RUB", "100")] {
                let put = try await client.api(
                    .put, "/api/v1/payments/admin/rates/\(code)", token: admin, body: ["perEuro": Double(rate)!, "asOf": "2026-11-20"])
                #expect(put.status == .ok, "\(code): \(String(buffer: put.body))")
            }
            // 1 × 2.5 = 2.5 → 3 and 3 × 2.5 = 7.5 → 8: what a payer owes is never rounded down; 4 × 2.5 = 10 stays 10.
            let one = try await client.fetch("/api/v1/payments/fx/convert?amount=1&from=USD&to=MXN")
            let up = try await client.fetch("/api/v1/payments/fx/convert?amount=3&from=USD&to=MXN")
            let exact = try await client.fetch("/api/v1/payments/fx/convert?amount=4&from=USD&to=MXN")
            #expect(one["converted"] as? Int == 3 && up["converted"] as? Int == 8 && exact["converted"] as? Int == 10)
            #expect(up["rate"] as? String == "2.5" && up["asOf"] as? String == "2026-11-20" && up["rounding"] as? String == "up")
            let alias = try await client.fetch("/api/v1/payments/fx/convert?amount=10000&from=PEB&to=USD")
            #expect(alias["from"] as? String == "RUB" && alias["converted"] as? Int == 100)
            let euro = try await client.fetch("/api/v1/payments/fx/convert?amount=1000&from=EUR&to=MXN")
            #expect(euro["converted"] as? Int == 2500)
            let missing = try await client.api(.get, "/api/v1/payments/fx/convert?amount=100&from=USD&to=COP")
            #expect(try problem(missing).code == "rate_unavailable")
            let invalid = try await client.api(.get, "/api/v1/payments/fx/convert?amount=-1&from=ABC&to=USD")
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["amount", "from"])
            let rates = try await client.fetch("/api/v1/payments/fx/rates")
            #expect((rates["items"] as! [[String: Any]]).map { $0["currency"] as! String } == ["MXN", "RUB", "USD"])
            let customer = try await patio.token(for: "cliente@test.patio", roles: ["payments.customer"], client: client)
            #expect(
                try await client.api(.put, "/api/v1/payments/admin/rates/USD", token: customer, body: ["perEuro": 2, "asOf": "2026-11-21"]).status
                    == .forbidden)
        }
    }
}
