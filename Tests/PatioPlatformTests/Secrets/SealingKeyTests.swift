import Crypto
import FluentKit
import Foundation
import Logging
import PatioCore
import PatioData
import PatioIdentity
@testable import PatioPlatform
import PatioTestSupport
import SQLKit
import Testing

@Suite("The sealing key: outside the database, in a 0600 file or PATIO_SECRET_KEY; an earlier in-database key moved out once")
struct SealingKeyTests {
    /// Runs `body` with a migrated database and a fresh folder for the key file.
    private func withDatabase(_ body: (PatioDatabase, String) async throws -> Void) async throws {
        try await withPlatformDatabase("sealing-key") { database, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patio-key-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try await body(database, folder + "/" + SealingKeySource.fileName)
        }
    }

    private struct Row: Decodable { let name: String; let value: String }

    private func storedSecrets(_ database: PatioDatabase) async throws -> [Row] {
        try await (database.reader as! any SQLDatabase).select().columns("name", "value").from("platform_secrets").all(decoding: Row.self)
    }

    private func bytes(_ key: SymmetricKey) -> [UInt8] { key.withUnsafeBytes { Array($0) } }

    @Test("the first use creates the key file readable by its owner only, keeps nothing in the database, and the next start reads the same key")
    func createsFile() async throws {
        try await withDatabase { database, path in
            let key = try await ServerSecrets(database: database, sealing: .file(path: path)).sealingKey(movingFromDatabase: "campus-saes")
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
            #expect(try await storedSecrets(database).isEmpty)
            let again = try await ServerSecrets(database: database, sealing: .file(path: path)).sealingKey(movingFromDatabase: "campus-saes")
            #expect(bytes(again) == bytes(key))
            // The file is the key: another file means another key.
            let other = try await ServerSecrets(database: database, sealing: .file(path: path + ".other")).sealingKey(
                movingFromDatabase: "campus-saes")
            #expect(bytes(other) != bytes(key))
        }
    }

    @Test("a key an earlier Patio kept in the database becomes the file's key (what it sealed still opens) and leaves the database")
    func movesLegacyKey() async throws {
        try await withDatabase { database, path in
            let legacy = SymmetricKey(size: .bits256)
            let sealed = try AES.GCM.seal(Data("kept password".utf8), using: legacy)
            let legacyText = Data(bytes(legacy)).base64EncodedString()
            try await database.write { db in
                try await (db as! any SQLDatabase).raw(
                    "INSERT INTO platform_secrets (name, value) VALUES ('campus-saes', \(bind: legacyText)), ('passkey-challenges', 'other')"
                ).run()
            }
            let key = try await ServerSecrets(database: database, sealing: .file(path: path)).sealingKey(movingFromDatabase: "campus-saes")
            #expect(bytes(key) == bytes(legacy))
            #expect(String(decoding: try AES.GCM.open(sealed, using: key), as: UTF8.self) == "kept password")
            #expect(try await storedSecrets(database).map(\.name) == ["passkey-challenges"])
            #expect(try SealingKeyFile.read(path) == bytes(legacy))
        }
    }

    @Test("PATIO_SECRET_KEY is the key when set, and the database keeps no key beside it")
    func environmentKey() async throws {
        try await withDatabase { database, path in
            let given = (0..<32).map { UInt8($0) }
            try await database.write { db in
                try await (db as! any SQLDatabase).raw(
                    "INSERT INTO platform_secrets (name, value) VALUES ('campus-saes', \(bind: Data(repeating: 7, count: 32).base64EncodedString()))"
                ).run()
            }
            let key = try await ServerSecrets(database: database, sealing: .environment(given)).sealingKey(movingFromDatabase: "campus-saes")
            #expect(bytes(key) == given)
            #expect(try await storedSecrets(database).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test("no place for a key (PostgreSQL without PATIO_SECRET_KEY) refuses with 503 naming the setting; a damaged key file is not replaced")
    func missingOrDamaged() async throws {
        try await withDatabase { database, path in
            do {
                _ = try await ServerSecrets(database: database, sealing: .missing).sealingKey(movingFromDatabase: "campus-saes")
                Issue.record("sealed without a key")
            } catch let error as AppError {
                #expect(error.status == .serviceUnavailable && error.code == "secret_key_missing" && error.detail.contains("PATIO_SECRET_KEY"))
            }
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data("not a key".utf8).write(to: URL(fileURLWithPath: path))
            await #expect(throws: AppError.self) {
                try await ServerSecrets(database: database, sealing: .file(path: path)).sealingKey(movingFromDatabase: "campus-saes")
            }
            #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "not a key")
        }
    }

    @Test("where the key comes from: PATIO_SECRET_KEY first, else a file beside the SQLite database, else (PostgreSQL) nowhere")
    func resolve() {
        #expect(SealingKeySource.resolve(secretKey: [1], database: .postgres(url: "postgres://x")) == .environment([1]))
        #expect(SealingKeySource.resolve(secretKey: nil, database: .sqlite(path: "/data/patio.sqlite")) == .file(path: "/data/secret.key"))
        #expect(SealingKeySource.resolve(secretKey: nil, database: .postgres(url: "postgres://x")) == .missing)
        #expect(SealingKeySource.decode(base64: Data(repeating: 1, count: 32).base64EncodedString() + "\n")?.count == 32)
        #expect(SealingKeySource.decode(base64: Data(repeating: 1, count: 16).base64EncodedString()) == nil)
        #expect(SealingKeySource.decode(base64: "not base64!") == nil)
    }
}
