import Foundation
import HummingbirdTesting
import Payments
import Testing

/// A business pressing "buy" on two phones at once, or an app retrying while the first call is still
/// running: one activation charges, the others are told the plan is already active.
@Suite("Concurrent subscription activations charge once")
struct SubscriptionConcurrencyTests {
    private func activateConcurrently(_ shop: Shop, times: Int) async throws -> [Int] {
        try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for _ in 0..<times {
                group.addTask {
                    let response = try await shop.client.api(.post, "/api/v1/payments/subscription", token: shop.business, body: ["plan": "monthly"])
                    return (Int(response.status.code), response.status == .created ? nil : try problem(response).code)
                }
            }
            var statuses: [Int] = []
            for try await (status, code) in group {
                statuses.append(status)
                if status != 201 { #expect(code == "already_subscribed", "\(status) \(code ?? "")") }
            }
            return statuses
        }
    }

    @Test("eight activations of a lapsed plan at once: one charges 149.00 MXN, seven answer 409 already_subscribed")
    func lapsedPlan() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let business = try await patio.components.identity.accounts.find(email: "negocio@test.patio")!
            _ = try await client.created(
                "/api/v1/payments/admin/deposits", token: shop.admin, ["accountId": business.id.uuidString, "amount": 14_900])
            _ = try await client.created("/api/v1/payments/subscription", token: shop.business, ["plan": "monthly"])
            // A month later the wallet is empty, so the renewal lapses the plan.
            patio.clock.advance(by: 31 * 86_400)
            try await PaymentsRenewals(environment: patio.components.environment).renewDue()
            let owner = try await patio.login("negocio@test.patio", client: client)
            let treasury = try await patio.login("tesoreria@test.patio", client: client)
            let later = Shop(patio: patio, client: client, business: owner, customer: shop.customer, admin: treasury)
            #expect(try await client.fetch("/api/v1/payments/subscription", token: owner)["status"] as? String == "lapsed")
            _ = try await client.created(
                "/api/v1/payments/admin/deposits", token: treasury, ["accountId": business.id.uuidString, "amount": 100_000])

            let statuses = try await activateConcurrently(later, times: 8)
            #expect(statuses.filter { $0 == 201 }.count == 1 && statuses.filter { $0 == 409 }.count == 7, "\(statuses)")
            #expect(try await later.balance(owner) == 100_000 - 14_900)
            let subscription = try await client.fetch("/api/v1/payments/subscription", token: owner)
            #expect(subscription["status"] as? String == "active")
            #expect(try await client.fetch("/api/v1/payments/audit", token: treasury)["ok"] as? Bool == true)
        }
    }

    @Test("eight first activations at once: one charges, seven answer 409 already_subscribed, none fails")
    func firstPlan() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let business = try await patio.components.identity.accounts.find(email: "negocio@test.patio")!
            _ = try await client.created(
                "/api/v1/payments/admin/deposits", token: shop.admin, ["accountId": business.id.uuidString, "amount": 100_000])
            let statuses = try await activateConcurrently(shop, times: 8)
            #expect(statuses.filter { $0 == 201 }.count == 1 && statuses.filter { $0 == 409 }.count == 7, "\(statuses)")
            #expect(try await shop.balance(shop.business) == 100_000 - 14_900)
            #expect(try await client.fetch("/api/v1/payments/audit", token: shop.admin)["ok"] as? Bool == true)
        }
    }
}
