import Crypto
import Foundation
import PatioCore
import PatioPlatform

/// Seals what Patio keeps of a student's SAES access (session cookies, a sign-in in progress, the password
/// when asked to keep it) with AES-256-GCM under Patio's sealing key. That key lives outside the database —
/// `PATIO_SECRET_KEY`, or the data folder's `secret.key` (0600) that `patio backup` does not copy — so a copy
/// of the database alone opens none of it.
struct SAESVault: Sendable {
    let secrets: ServerSecrets
    /// The name the key had in the database (`platform_secrets`) before it moved out; moved once, then deleted.
    static let keyName = "campus-saes"

    private func key() async throws -> SymmetricKey {
        try await secrets.sealingKey(movingFromDatabase: Self.keyName)
    }

    /// Makes sure the key is outside the database (moving an earlier one out); throws 503 when there is none.
    func prepare() async throws {
        _ = try await key()
    }

    func seal<T: Encodable>(_ value: T) async throws -> String {
        let box = try AES.GCM.seal(try JSONEncoder().encode(value), using: try await key())
        guard let combined = box.combined else { throw AppError(.internalServerError, code: "saes_seal_failed", detail: "Sealing failed.") }
        return combined.base64EncodedString()
    }

    /// Nil when the text does not open with Patio's key (damaged, or sealed under another key — after a key
    /// rotation the student signs in again).
    func open<T: Decodable>(_ type: T.Type, _ sealed: String?) async throws -> T? {
        guard let sealed, let data = Data(base64Encoded: sealed) else { return nil }
        let key = try await key()
        guard let box = try? AES.GCM.SealedBox(combined: data), let plain = try? AES.GCM.open(box, using: key) else { return nil }
        return try? JSONDecoder().decode(type, from: plain)
    }
}
