import Crypto
import FluentKit
import Foundation
import NIOConcurrencyHelpers
import PatioCore
import PatioData
import SQLKit

/// Named server-side keys (for example the key that signs check-in QR codes), created on first use and
/// stored in the database so every Patio instance sharing it signs and verifies with the same key.
public final class ServerSecrets: Sendable {
    private let database: PatioDatabase
    private let cache = NIOLockedValueBox<[String: [UInt8]]>([:])

    public init(database: PatioDatabase) {
        self.database = database
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
            // Two instances may race to create it: the insert is conditional and both then read the winner.
            encoded = try await database.write { db in
                let sql = db as! any SQLDatabase
                try await sql.raw("INSERT INTO platform_secrets (name, value) SELECT \(bind: name), \(bind: fresh) WHERE NOT EXISTS (SELECT 1 FROM platform_secrets WHERE name = \(bind: name))").run()
                return try await Self.load(name, on: db) ?? fresh
            }
        }
        guard let bytes = Data(base64Encoded: encoded) else {
            throw AppError(.internalServerError, code: "secret_corrupt", detail: "The stored key \(name) cannot be read.")
        }
        cache.withLockedValue { $0[name] = Array(bytes) }
        return SymmetricKey(data: bytes)
    }

    private struct Row: Decodable { let value: String }

    private static func load(_ name: String, on db: any Database) async throws -> String? {
        try await (db as! any SQLDatabase).select().column("value").from("platform_secrets").where("name", .equal, name).first(decoding: Row.self)?.value
    }
}
