import Crypto
import Foundation
import _CryptoExtras

/// A credential's public key as the authenticator sent it (COSE, RFC 9053): ES256 (P-256) or RS256.
struct COSEKey: Sendable {
    enum Algorithm: Int, Sendable { case es256 = -7, rs256 = -257 }

    let algorithm: Algorithm
    /// The key as received, stored as is and parsed again to verify.
    let encoded: [UInt8]
    private let material: Material

    private enum Material: Sendable {
        case p256(raw: [UInt8])
        case rsa(n: [UInt8], e: [UInt8])
    }

    init(encoded: [UInt8]) throws {
        try self.init(try CBOR.decodeAll(encoded), encoded: encoded)
    }

    init(_ key: CBOR, encoded: [UInt8]) throws {
        self.encoded = encoded
        switch (key[1]?.intValue, key[3]?.intValue) {
        case (2, Algorithm.es256.rawValue):
            guard key[-1]?.intValue == 1, let x = key[-2]?.bytesValue, let y = key[-3]?.bytesValue, x.count == 32, y.count == 32,
                (try? P256.Signing.PublicKey(rawRepresentation: x + y)) != nil
            else { throw PasskeyError.malformed("EC2 key") }
            algorithm = .es256
            material = .p256(raw: x + y)
        case (3, Algorithm.rs256.rawValue):
            guard let n = key[-1]?.bytesValue, let e = key[-2]?.bytesValue, n.count >= 256,
                (try? _RSA.Signing.PublicKey(n: n, e: e)) != nil
            else { throw PasskeyError.malformed("RSA key (2048 bits or more)") }
            algorithm = .rs256
            material = .rsa(n: n, e: e)
        default:
            throw PasskeyError(code: "passkey_algorithm_unsupported", "Use a passkey with ES256 or RS256.")
        }
    }

    /// ES256: an ECDSA signature in DER over SHA-256; RS256: PKCS #1 v1.5 over SHA-256 (what WebAuthn specifies).
    func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch material {
        case .p256(let raw):
            guard let key = try? P256.Signing.PublicKey(rawRepresentation: raw),
                let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: data)
        case .rsa(let n, let e):
            guard let key = try? _RSA.Signing.PublicKey(n: n, e: e) else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        }
    }
}
