import FluentKit
import Foundation
import PatioData
import SQLKit

/// Proof that money was neither created nor lost: every transfer balanced per currency, every balance equal to
/// the sum of its entries, no wallet below zero, and every currency summing to zero across all accounts.
struct AuditReport: Codable, Sendable {
    var transfers: Int
    var accounts: Int
    var unbalancedTransfers: [UUID]
    var mismatchedAccounts: [UUID]
    var negativeWallets: [UUID]
    var currencyTotals: [String: Int]
    var ok: Bool
}

enum LedgerAudit {
    static func run(on db: any Database) async throws -> AuditReport {
        let sql = db as! any SQLDatabase
        struct Count: Decodable { let count: Int }
        struct IDRow: Decodable { let id: UUID }
        struct Total: Decodable { let currency: String; let total: Int }
        let transfers = try await sql.raw("SELECT COUNT(*) AS count FROM payments_transfers").first(decoding: Count.self)?.count ?? 0
        let accounts = try await sql.raw("SELECT COUNT(*) AS count FROM payments_accounts").first(decoding: Count.self)?.count ?? 0
        let unbalanced = try await sql.raw("""
            SELECT DISTINCT transfer_id AS id FROM payments_entries GROUP BY transfer_id, currency HAVING SUM(amount) <> 0
            """).all(decoding: IDRow.self).map(\.id)
        let mismatched = try await sql.raw("""
            SELECT a.id FROM payments_accounts a LEFT JOIN payments_entries e ON e.account_id = a.id
            GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)
            """).all(decoding: IDRow.self).map(\.id)
        let negative = try await sql.raw("SELECT id FROM payments_accounts WHERE kind = 'wallet' AND balance < 0").all(decoding: IDRow.self).map(\.id)
        let totals = try await sql.raw("SELECT currency, CAST(SUM(balance) AS BIGINT) AS total FROM payments_accounts GROUP BY currency").all(decoding: Total.self)
        let currencyTotals = Dictionary(uniqueKeysWithValues: totals.map { ($0.currency, $0.total) })
        return AuditReport(transfers: transfers, accounts: accounts, unbalancedTransfers: unbalanced, mismatchedAccounts: mismatched,
                           negativeWallets: negative, currencyTotals: currencyTotals,
                           ok: unbalanced.isEmpty && mismatched.isEmpty && negative.isEmpty && currencyTotals.values.allSatisfy { $0 == 0 })
    }
}
