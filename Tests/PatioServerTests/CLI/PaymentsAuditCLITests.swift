import FluentKit
import Foundation
import Logging
import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// `patio payments audit` as an operator runs it after something went wrong: a real process on a real
/// SQLite file whose ledger was damaged behind Patio's back.
@Suite("patio payments audit on a damaged ledger", .enabled(if: !TestDatabase.isPostgres, "the command drives the embedded SQLite file"))
struct PaymentsAuditCLITests {
    @Test("a balance changed without an entry and an entry changed without its balance: the report names them and the command exits with status 1")
    func damagedLedger() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patio-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try PatioProcess.run(["seed", "--demo", "--data-dir", data]).status == 0)
        let clean = try PatioProcess.run(["payments", "audit", "--data-dir", data])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")

        struct Row: Decodable { let id: UUID }
        let wallet: UUID = try await PatioDatabase.open(.sqlite(path: data + "/patio.sqlite"), logger: Logger(label: "damage")).closing { database in
            let sql = try database.reader as! any SQLDatabase
            let wallet = try #require(
                try await sql.raw("SELECT id FROM payments_accounts WHERE kind = 'wallet' AND balance > 1000 LIMIT 1").first(decoding: Row.self)
            ).id
            let entry = try #require(
                try await sql.raw("SELECT id FROM payments_entries WHERE account_id <> \(bind: wallet) LIMIT 1").first(decoding: Row.self)
            ).id
            try await database.write { db in
                let sql = db as! any SQLDatabase
                try await sql.raw("UPDATE payments_accounts SET balance = balance - 1000 WHERE id = \(bind: wallet)").run()
                try await sql.raw("UPDATE payments_entries SET amount = amount + 7 WHERE id = \(bind: entry)").run()
            }
            return wallet
        }
        let damaged = try PatioProcess.run(["payments", "audit", "--data-dir", data])
        #expect(damaged.status == 1, "\(damaged.stdout)\(damaged.stderr)")
        #expect(damaged.stdout.contains("FAILED"))
        #expect(damaged.stdout.contains(wallet.uuidString))
        #expect(damaged.stdout.contains("unbalanced transfers: ") && !damaged.stdout.contains("unbalanced transfers: none"))
    }
}
