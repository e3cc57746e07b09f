import Foundation
import PatioCore
import PatioPlatform
import PatioServer
@testable import Payments
import Testing

@Suite("InterPay settings from PATIO_PAYMENTS_*")
struct PaymentsSettingsTests {
    private func settings(_ values: [String: String]) throws -> PaymentsSettings {
        try PaymentsSettings.from(ModuleSettings(environment: values))
    }

    @Test("unset means ten-minute requests and the Mensual and Anual plans in MXN")
    func defaults() throws {
        let defaults = try settings([:])
        #expect(defaults.requestTimeToLive == 600 && defaults.signupsPerIP == 10)
        #expect(defaults.plans.map(\.id) == ["monthly", "annual"] && defaults.plans[0].price == 14_900 && defaults.plans[0].currency == "MXN")
    }

    @Test("a request lifetime and a plan list are read, currency aliases included")
    func custom() throws {
        let custom = try settings([
            "PATIO_PAYMENTS_REQUEST_TTL_SECONDS": "90", "PATIO_PAYMENTS_PLANS": "pro:Pro semanal:5000:usd:7, club-anual:Club:90000:PEB:365",
            "PATIO_PAYMENTS_SIGNUPS_PER_IP": "500",
        ])
        #expect(custom.requestTimeToLive == 90 && custom.signupsPerIP == 500)
        #expect(
            custom.plans == [
                Plan(id: "pro", name: "Pro semanal", price: 5_000, currency: "USD", days: 7),
                Plan(id: "club-anual", name: "Club", price: 90_000, currency: "RUB", days: 365),
            ])
    }

    @Test(
        "bad values are refused with the variable's name",
        arguments: [
            ["PATIO_PAYMENTS_REQUEST_TTL_SECONDS": "10"], ["PATIO_PAYMENTS_REQUEST_TTL_SECONDS": "ten"],
            ["PATIO_PAYMENTS_SIGNUPS_PER_IP": "0"], ["PATIO_PAYMENTS_SIGNUPS_PER_IP": "many"],
            ["PATIO_PAYMENTS_PLANS": "pro:Pro:5000:XXX:7"], ["PATIO_PAYMENTS_PLANS": "pro:Pro:0:USD:7"],
            ["PATIO_PAYMENTS_PLANS": "Pro:Pro:5000:USD:7"],
            ["PATIO_PAYMENTS_PLANS": "pro:Pro:5000:USD"], ["PATIO_PAYMENTS_PLANS": "pro:Pro:5000:USD:7,pro:Otro:100:USD:30"],
        ])
    func refused(_ values: [String: String]) throws {
        #expect {
            _ = try settings(values)
        } throws: { error in
            (error as? SettingError)?.description.contains(values.keys.first!) == true
        }
    }

    @Test("a bad setting stops Patio at start-up; good ones reach requests and plans")
    func appliedAtStartUp() async throws {
        await #expect(throws: ConfigurationError.self) {
            try await TestPatio.with(
                modules: moduleUnderTest, configure: { $0.moduleSettings = ModuleSettings(environment: ["PATIO_PAYMENTS_REQUEST_TTL_SECONDS": "5"]) }
            ) { _, _ in }
        }
        let configured = ModuleSettings(environment: ["PATIO_PAYMENTS_REQUEST_TTL_SECONDS": "120", "PATIO_PAYMENTS_PLANS": "pro:Pro:5000:MXN:7"])
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.moduleSettings = configured }) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            let expiresAt = try #require(Timestamp.parse(request["expiresAt"] as? String ?? ""))
            #expect(abs(expiresAt.timeIntervalSince(patio.clock.date) - 120) < 1)
            let plans = try await client.fetch("/api/v1/payments/subscription", token: shop.business)["plans"] as? [[String: Any]]
            #expect(plans?.map { $0["id"] as? String } == ["pro"])
            let withdrawn = try await client.api(.post, "/api/v1/payments/subscription", token: shop.business, body: ["plan": "monthly"])
            #expect(withdrawn.status == .unprocessableContent)
        }
    }
}
