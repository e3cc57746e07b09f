import Crypto
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import PatioCore
import PatioData
import SQLKit

/// Named server-side keys (for example the key that signs check-in QR codes), created on first use and
/// stored in the database so every Patio instance sharing it signs and verifies with the same key — and the
/// sealing key, which is kept outside the database (`SealingKeySource`) because what it seals must stay
/// sealed in a copy of the database.
public final class ServerSecrets: Sendable {
    private let database: PatioDatabase
    private let cache = NIOLockedValueBox<[String: [UInt8]]>([:])
    /// Where the sealing key comes from.
    public let sealing: SealingKeySource
    private let sealingCache = NIOLockedValueBox<[UInt8]?>(nil)

    public init(database: PatioDatabase, sealing: SealingKeySource = .missing) {
        self.database = database
        self.sealing = sealing
    }

    /// The 256-bit key called `name`, generating and storing it the first time it is asked for.
    public func key(named name: String) async throws -> SymmetricKey {
        if let cached = cache.withLockedValue({ $0[name] }) { return SymmetricKey(data: cached) }
        let stored = try await Self.load(name, on: database.reader)
        let encoded: String
        if let stored {
            encoded = stored
        } else {
            let fresh = Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64EncodedString()
            // Two instances may race to create it: the loser's insert waits for the winner's and does nothing
            // (a `WHERE NOT EXISTS` cannot see an insert not yet committed), and both then read the winner.
            encoded = try await database.write { db in
                let sql = try db.sql
                try await sql.raw(
                    "INSERT INTO platform_secrets (name, value) VALUES (\(bind: name), \(bind: fresh)) ON CONFLICT (name) DO NOTHING"
                ).run()
                return try await Self.load(name, on: db) ?? fresh
            }
        }
        guard let bytes = Data(base64Encoded: encoded) else {
            throw AppError(.internalServerError, code: "secret_corrupt", detail: "The stored key \(name) cannot be read.")
        }
        cache.withLockedValue { $0[name] = Array(bytes) }
        return SymmetricKey(data: bytes)
    }

    /// The key that seals secrets kept at rest, from `PATIO_SECRET_KEY` or the data folder's key file (created
    /// 0600 the first time). An earlier Patio kept such a key in the database as `legacyName`: the first time,
    /// that key becomes the file's (so what it sealed still opens) and is deleted from the database. Throws 503
    /// `secret_key_missing` when there is nowhere to keep a key (PostgreSQL without `PATIO_SECRET_KEY`).
    public func sealingKey(movingFromDatabase legacyName: String) async throws -> SymmetricKey {
        if let cached = sealingCache.withLockedValue({ $0 }) { return SymmetricKey(data: cached) }
        let bytes: [UInt8]
        switch sealing {
        case .missing:
            throw AppError(.serviceUnavailable, code: "secret_key_missing", detail: SealingKeySource.missingMessage)
        case .environment(let key):
            bytes = key
        case .file(let path):
            if let existing = try SealingKeyFile.read(path) {
                bytes = existing
            } else {
                // The database's key, when an earlier Patio left one, so that what it sealed still opens.
                let legacy = try await Self.load(legacyName, on: database.reader).flatMap { SealingKeySource.decode(base64: $0) }
                bytes = try SealingKeyFile.create(path, key: legacy ?? SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
            }
        }
        // Only once the key is safe elsewhere (durably written, or given by the operator) does the copy in the
        // database go. With PATIO_SECRET_KEY the database's key is dropped: what it sealed no longer opens.
        try await database.write { db in
            try await (try db.sql).raw("DELETE FROM platform_secrets WHERE name = \(bind: legacyName)").run()
        }
        sealingCache.withLockedValue { $0 = bytes }
        return SymmetricKey(data: bytes)
    }

    private struct Row: Decodable { let value: String }

    private static func load(_ name: String, on db: any Database) async throws -> String? {
        try await (try db.sql).select().column("value").from("platform_secrets").where("name", .equal, name).first(decoding: Row.self)?.value
    }
}
