import FluentKit
import Foundation
import HummingbirdTesting
import PatioCore
import SQLKit
import Testing

/// The audit is only worth running if it can fail: these tests damage the ledger the way a bad migration,
/// a hand-edited row or a bug would, and expect `GET /api/v1/payments/audit` to say so.
@Suite("The conservation audit fails when the ledger is damaged")
struct LedgerAuditTests {
    /// A paid cross-currency request: customer wallet −20.00 USD → exchange USD, exchange MXN → shop +320.00 MXN.
    private func paidShop(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> (shop: Shop, wallet: String, transfer: String) {
        let shop = try await Shop.make(patio, client)
        let request = try await shop.request()
        _ = try await client.fetch("/api/v1/payments/requests/by-code/\(request["code"]!)", token: shop.customer)
        let paid = try object(try await shop.accept(request["id"]!))
        let wallet = try await client.fetch("/api/v1/payments/wallet", token: shop.customer)["accountId"] as! String
        return (shop, wallet, paid["transferId"] as! String)
    }

    private func sql(_ patio: TestPatio, _ statement: SQLQueryString) async throws {
        try await patio.components.database.write { db in try await (db as! any SQLDatabase).raw(statement).run() }
    }

    private func audit(_ shop: Shop) async throws -> [String: Any] {
        try await shop.client.fetch("/api/v1/payments/audit", token: shop.admin)
    }

    private func ids(_ report: [String: Any], _ key: String) -> [String] {
        ((report[key] as? [String]) ?? []).map { $0.uppercased() }
    }

    @Test("a balance changed without an entry, or an entry changed without its balance, makes the audit answer ok: false and name them")
    func balanceAndEntry() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let (shop, wallet, transfer) = try await paidShop(patio, client)
            let walletID = UUID(uuidString: wallet)!, transferID = UUID(uuidString: transfer)!
            #expect(try await audit(shop)["ok"] as? Bool == true)

            // Money out of nowhere: 5.00 USD on the customer's wallet with no entry behind it.
            try await sql(patio, "UPDATE payments_accounts SET balance = balance + 500 WHERE id = \(bind: walletID)")
            let created = try await audit(shop)
            #expect(created["ok"] as? Bool == false)
            #expect(ids(created, "mismatchedAccounts") == [wallet.uppercased()])
            #expect((created["currencyTotals"] as? [String: Int])?["USD"] == 500)
            try await sql(patio, "UPDATE payments_accounts SET balance = balance - 500 WHERE id = \(bind: walletID)")
            #expect(try await audit(shop)["ok"] as? Bool == true)

            // An entry rewritten: the payment now takes 1.00 USD less from the wallet than it gave the exchange.
            try await sql(
                patio, "UPDATE payments_entries SET amount = amount + 100 WHERE account_id = \(bind: walletID) AND transfer_id = \(bind: transferID)")
            let rewritten = try await audit(shop)
            #expect(rewritten["ok"] as? Bool == false)
            #expect(ids(rewritten, "unbalancedTransfers") == [transfer.uppercased()])
            #expect(ids(rewritten, "mismatchedAccounts") == [wallet.uppercased()])
        }
    }

    @Test("a payment rewritten so that it still balances, balances included, is caught: its entries no longer match the legs it was made with")
    func forgedButBalanced() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let (shop, wallet, transfer) = try await paidShop(patio, client)
            let walletID = UUID(uuidString: wallet)!, transferID = UUID(uuidString: transfer)!
            // The customer's 20.00 USD become 10.00 on both USD legs, and both balances follow.
            try await sql(
                patio,
                """
                UPDATE payments_accounts SET balance = balance + 1000 WHERE id = \(bind: walletID)
                """)
            try await sql(
                patio,
                """
                UPDATE payments_accounts SET balance = balance - 1000 WHERE id IN
                (SELECT account_id FROM payments_entries WHERE transfer_id = \(bind: transferID) AND currency = 'USD' AND amount > 0)
                """)
            try await sql(
                patio,
                """
                UPDATE payments_entries SET amount = CASE WHEN amount < 0 THEN amount + 1000 ELSE amount - 1000 END
                WHERE transfer_id = \(bind: transferID) AND currency = 'USD'
                """)
            #expect(try await shop.balance(shop.customer) == 9_000)
            let report = try await audit(shop)
            #expect(report["ok"] as? Bool == false)
            #expect(ids(report, "alteredTransfers") == [transfer.uppercased()])
            #expect(ids(report, "unbalancedTransfers").isEmpty && ids(report, "mismatchedAccounts").isEmpty)
        }
    }

    @Test("a payment whose entries are moved to another currency, both legs at once, is caught by its fingerprint")
    func currencyRewritten() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let (shop, _, transfer) = try await paidShop(patio, client)
            let transferID = UUID(uuidString: transfer)!
            // The two USD legs now say EUR: still balanced per currency, and no account balance changes.
            try await sql(patio, "UPDATE payments_entries SET currency = 'EUR' WHERE transfer_id = \(bind: transferID) AND currency = 'USD'")
            let report = try await audit(shop)
            #expect(report["ok"] as? Bool == false)
            #expect(ids(report, "alteredTransfers") == [transfer.uppercased()])
            #expect(ids(report, "unbalancedTransfers").isEmpty && ids(report, "mismatchedAccounts").isEmpty)
        }
    }
}
