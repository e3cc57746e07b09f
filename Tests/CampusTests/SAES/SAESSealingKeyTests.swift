import Crypto
import FakeSAES
import FluentKit
import Foundation
import Logging
import PatioCore
import PatioData
import PatioPlatform
import SAESConnector
import SQLKit
import Testing
@testable import Campus

@Suite("Campus SAES: the key that seals kept passwords and sessions is not in the database, nor in its backup")
struct SAESSealingKeyTests {
    private struct Row: Decodable { let name: String; let value: String }

    /// Every key a database holds, tried on `sealed` as someone holding only a copy of it would.
    private func opensWithDatabaseKeys(_ sealed: String, in database: PatioDatabase) async throws -> Bool {
        let rows = try await (database.reader as! any SQLDatabase).select().columns("name", "value").from("platform_secrets").all(decoding: Row.self)
        let box = try AES.GCM.SealedBox(combined: try #require(Data(base64Encoded: sealed)))
        return rows.contains { row in
            guard let key = Data(base64Encoded: row.value) else { return false }
            return (try? AES.GCM.open(box, using: SymmetricKey(data: key))) != nil
        }
    }

    @Test("a copy of the database alone cannot open a kept password: no key it holds opens it, the backup holds no key, and the key file is 0600")
    func databaseCopyOpensNothing() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link(keepPassword: true).status == .ok)
            let components = world.patio.components
            let row = try #require(try await SAESLinkModel.query(on: components.database.reader).first())
            let sealedPassword = try #require(row.sealedPassword)
            // With Patio's own key it opens: the checks below can fail.
            #expect(try await SAESVault(secrets: components.environment.secrets).open(String.self, sealedPassword) == FakeStudent.demo.password)
            #expect(try await !opensWithDatabaseKeys(sealedPassword, in: components.database))
            #expect(try await !opensWithDatabaseKeys(try #require(row.sealedSession), in: components.database))

            guard case .file(let keyPath) = components.environment.secrets.sealing else {
                // PostgreSQL: the key is PATIO_SECRET_KEY, which no dump of the database contains.
                #expect(components.database.isSQLite == false)
                return
            }
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: keyPath)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
            let keyText = try String(contentsOfFile: keyPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let keyBytes = try #require(Data(base64Encoded: keyText))

            let backup = FileManager.default.temporaryDirectory.appendingPathComponent("patio-backup-\(UUID().uuidString).sqlite").path
            defer { try? FileManager.default.removeItem(atPath: backup) }
            try await components.database.backup(to: backup)
            let copied = try Data(contentsOf: URL(fileURLWithPath: backup))
            #expect(copied.range(of: Data(keyText.utf8)) == nil && copied.range(of: keyBytes) == nil)
            try await PatioDatabase.open(.sqlite(path: backup), logger: Logger(label: "backup")).closing { copy in
                let copiedRow = try #require(try await SAESLinkModel.query(on: copy.reader).first())
                #expect(copiedRow.sealedPassword == sealedPassword)
                #expect(try await !opensWithDatabaseKeys(sealedPassword, in: copy))
                // A Patio started on the copy alone, in another folder, makes a key of its own: the password stays sealed.
                let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("patio-other-\(UUID().uuidString)").path
                defer { try? FileManager.default.removeItem(atPath: elsewhere) }
                let stranger = SAESVault(secrets: ServerSecrets(database: copy, sealing: .file(path: elsewhere + "/" + SealingKeySource.fileName)))
                #expect(try await stranger.open(String.self, sealedPassword) == nil)
            }
        }
    }

    @Test("without a key (PostgreSQL without PATIO_SECRET_KEY) linking answers 503 naming the setting, before SAES is asked")
    func missingKey() async throws {
        try await SAESWorld.with { world in
            let vault = SAESVault(secrets: ServerSecrets(database: world.patio.components.database, sealing: .missing))
            let links = SAESLinkService(
                database: world.patio.components.database, clock: world.patio.clock.clock, vault: vault,
                connector: SAESConnector(), portals: SAESPortals(template: nil), throttle: SAESThrottle(clock: world.patio.clock.clock))
            do {
                _ = try await links.begin(accountID: UUID(), .init(school: "escom"))
                Issue.record("linked without a key")
            } catch let error as AppError {
                #expect(error.status == .serviceUnavailable && error.code == "secret_key_missing" && error.detail.contains("PATIO_SECRET_KEY"))
            }
            #expect(world.fake.requestLog.isEmpty)
        }
    }
}
