import Foundation
import PatioCore
import PatioData

/// What the `patio payments …` commands do, for operators at a shell.
public enum PaymentsOperations {
    /// Runs the conservation audit; returns whether it passed and a report to print.
    public static func audit(database: PatioDatabase) async throws -> (ok: Bool, report: String) {
        let audit = try await LedgerAudit.run(on: try database.reader)
        var lines = ["transfers: \(audit.transfers)", "accounts: \(audit.accounts)"]
        lines.append(
            """
            unbalanced transfers: \
            \(audit.unbalancedTransfers.isEmpty ? "none" : audit.unbalancedTransfers.map(\.uuidString).joined(separator: ", "))
            """
        )
        lines.append(
            """
            transfers altered after they were made: \
            \(audit.alteredTransfers.isEmpty ? "none" : audit.alteredTransfers.map(\.uuidString).joined(separator: ", "))
            """
        )
        lines.append(
            """
            balances differing from their entries: \
            \(audit.mismatchedAccounts.isEmpty ? "none" : audit.mismatchedAccounts.map(\.uuidString).joined(separator: ", "))
            """
        )
        lines.append(
            "wallets below zero: \(audit.negativeWallets.isEmpty ? "none" : audit.negativeWallets.map(\.uuidString).joined(separator: ", "))")
        lines.append(
            "sum per currency (must be 0): "
                + (audit.currencyTotals.isEmpty
                    ? "no accounts" : audit.currencyTotals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        lines.append(audit.ok ? "OK: every transfer balances and no money was created or lost." : "FAILED: see above.")
        return (audit.ok, lines.joined(separator: "\n"))
    }

    /// Imports an ECB daily XML or a JSON rate file; returns a line per stored rate.
    public static func importRates(file: String, database: PatioDatabase, clock: PatioClock) async throws -> [String] {
        let parsed = try RateFile.parse(try Data(contentsOf: URL(fileURLWithPath: file)))
        let stored = try await ExchangeRates(database: database, clock: clock).store(parsed.rates, asOf: parsed.asOf, source: parsed.source)
        return stored.map { "\($0.currency) \($0.perEuro) per EUR (\($0.source), \($0.asOf))" }
    }
}
