import Crypto
import Foundation
import PatioCore
import PatioPlatform

/// Seals what Patio keeps of a student's SAES access (session cookies, a sign-in in progress, the password
/// when asked to keep it) with AES-GCM under a key from Patio's secrets: a copy of the database alone opens
/// none of it.
struct SAESVault: Sendable {
    let secrets: ServerSecrets
    static let keyName = "campus-saes"

    func seal<T: Encodable>(_ value: T) async throws -> String {
        let key = try await secrets.key(named: Self.keyName)
        let box = try AES.GCM.seal(try JSONEncoder().encode(value), using: key)
        guard let combined = box.combined else { throw AppError(.internalServerError, code: "saes_seal_failed", detail: "Sealing failed.") }
        return combined.base64EncodedString()
    }

    /// Nil when the text does not open with Patio's key (damaged, or sealed under another key).
    func open<T: Decodable>(_ type: T.Type, _ sealed: String?) async throws -> T? {
        guard let sealed, let data = Data(base64Encoded: sealed) else { return nil }
        let key = try await secrets.key(named: Self.keyName)
        guard let box = try? AES.GCM.SealedBox(combined: data), let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return try? JSONDecoder().decode(type, from: plain)
    }
}
