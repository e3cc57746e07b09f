import Foundation
import PatioCore

/// The authenticator's statement (WebAuthn §6.1): which relying party, what it checked, its counter, and —
/// when registering — the new credential.
struct AuthenticatorData: Sendable {
    let rpIDHash: [UInt8]
    let userPresent: Bool
    let userVerified: Bool
    let backupEligible: Bool
    let backedUp: Bool
    let signCount: UInt32
    let credential: (id: [UInt8], key: COSEKey)?

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 37 else { throw PasskeyError.malformed("authenticator data") }
        rpIDHash = Array(bytes[0..<32])
        let flags = bytes[32]
        userPresent = flags & 0x01 != 0
        userVerified = flags & 0x04 != 0
        backupEligible = flags & 0x08 != 0
        backedUp = flags & 0x10 != 0
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        guard flags & 0x40 != 0 else {
            credential = nil
            return
        }
        // Attested credential data: AAGUID (16), id length (2), id, COSE key.
        guard bytes.count >= 55 else { throw PasskeyError.malformed("attested credential data") }
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard length > 0, length <= 1_023, bytes.count >= 55 + length + 1 else { throw PasskeyError.malformed("credential id") }
        let id = Array(bytes[55..<55 + length])
        let keyStart = 55 + length
        let (cose, used) = try CBOR.decode(bytes, from: keyStart)
        credential = (id, try COSEKey(cose, encoded: Array(bytes[keyStart..<keyStart + used])))
    }
}

/// `clientDataJSON`: what the browser says it was asked, and by which page.
struct ClientData: Decodable, Sendable {
    let type: String
    let challenge: String
    let origin: String
    let crossOrigin: Bool?
}

/// Base64url without padding, as WebAuthn writes ids and challenges (PatioCore's `Data` helpers, on bytes).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64URLEncodedString() }
    static func decode(_ text: String) -> [UInt8]? { Data(base64URLEncoded: text).map(Array.init) }
}
