import FluentKit
import Foundation
import PatioData
import SQLKit

/// Proof that money was neither created nor lost: every transfer balanced per currency and still holding the
/// legs it was made with, every balance equal to the sum of its entries, no wallet below zero, and every
/// currency summing to zero across all accounts.
struct AuditReport: Codable, Sendable {
    var transfers: Int
    var accounts: Int
    var unbalancedTransfers: [UUID]
    /// Transfers whose entries no longer match the fingerprint recorded when they were made (entries
    /// rewritten, added or removed — even when everything still sums to zero).
    var alteredTransfers: [UUID]
    var mismatchedAccounts: [UUID]
    var negativeWallets: [UUID]
    var currencyTotals: [String: Int]
    var ok: Bool
}

enum LedgerAudit {
    static func run(on db: any Database) async throws -> AuditReport {
        let sql = try db.sql
        struct Count: Decodable { let count: Int }
        struct IDRow: Decodable { let id: UUID }
        struct Total: Decodable { let currency: String; let total: Int }
        let transfers = try await sql.raw("SELECT COUNT(*) AS count FROM payments_transfers").first(decoding: Count.self)?.count ?? 0
        let accounts = try await sql.raw("SELECT COUNT(*) AS count FROM payments_accounts").first(decoding: Count.self)?.count ?? 0
        let unbalanced = try await sql.raw(
            """
            SELECT DISTINCT transfer_id AS id FROM payments_entries GROUP BY transfer_id, currency HAVING SUM(amount) <> 0
            """
        ).all(decoding: IDRow.self).map(\.id)
        let mismatched = try await sql.raw(
            """
            SELECT a.id FROM payments_accounts a LEFT JOIN payments_entries e ON e.account_id = a.id
            GROUP BY a.id, a.balance HAVING a.balance <> COALESCE(SUM(e.amount), 0)
            """
        ).all(decoding: IDRow.self).map(\.id)
        let negative = try await sql.raw("SELECT id FROM payments_accounts WHERE kind = 'wallet' AND balance < 0").all(decoding: IDRow.self).map(\.id)
        let totals = try await sql.raw("SELECT currency, CAST(SUM(balance) AS BIGINT) AS total FROM payments_accounts GROUP BY currency").all(
            decoding: Total.self)
        let currencyTotals = Dictionary(uniqueKeysWithValues: totals.map { ($0.currency, $0.total) })
        let altered = try await alteredTransfers(on: sql)
        return AuditReport(
            transfers: transfers, accounts: accounts, unbalancedTransfers: unbalanced, alteredTransfers: altered,
            mismatchedAccounts: mismatched, negativeWallets: negative, currencyTotals: currencyTotals,
            ok: unbalanced.isEmpty && altered.isEmpty && mismatched.isEmpty && negative.isEmpty && currencyTotals.values.allSatisfy { $0 == 0 })
    }

    /// Recomputes each transfer's fingerprint (reason, cause and legs with their currencies) from its stored entries, a thousand
    /// transfers at a time, and returns those that differ from the one recorded when it was applied.
    private static func alteredTransfers(on sql: any SQLDatabase) async throws -> [UUID] {
        struct TransferRow: Decodable { let id: UUID; let reason: String; let caused_by: String?; let fingerprint: String }
        struct EntryRow: Decodable { let transfer_id: UUID; let account_id: UUID; let amount: Int; let currency: String }
        var altered: [UUID] = []
        var after: UUID?
        while true {
            let condition: SQLQueryString = after.map { "WHERE id > \(bind: $0)" } ?? ""
            let batch = try await sql.raw("SELECT id, reason, caused_by, fingerprint FROM payments_transfers \(condition) ORDER BY id LIMIT 1000")
                .all(decoding: TransferRow.self)
            guard let last = batch.last else { return altered }
            after = last.id
            let entries = try await sql.select().columns("transfer_id", "account_id", "amount", "currency").from(LedgerEntryModel.schema)
                .where("transfer_id", .in, batch.map(\.id)).all(decoding: EntryRow.self)
            let legs = Dictionary(grouping: entries, by: \.transfer_id)
            for transfer in batch {
                let stored = (legs[transfer.id] ?? []).map {
                    TransferFingerprint.Leg(accountId: $0.account_id, amount: $0.amount, currency: $0.currency)
                }
                if !TransferFingerprint.matches(transfer.fingerprint, reason: transfer.reason, causedBy: transfer.caused_by, legs: stored) {
                    altered.append(transfer.id)
                }
            }
        }
    }
}
