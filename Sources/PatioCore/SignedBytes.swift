import Crypto

/// Patio's signed tokens — a room's check-in QR code, the links handed out about a student, a passkey
/// sign-in challenge — are bytes followed by the first 16 bytes of their HMAC-SHA256 under a key of their
/// own purpose. 128 bits of MAC keep them short (small QR codes) and still far beyond guessing. Each caller
/// lays out its own body; signing and checking are done here, the check in constant time.
public enum SignedBytes {
    public static let macLength = 16

    /// `body` followed by its MAC.
    public static func sign(_ body: [UInt8], key: SymmetricKey) -> [UInt8] {
        body + mac(body, key: key)
    }

    /// The body of `signed` when it is exactly `bodyLength` bytes and a MAC that holds under `key`; nil for
    /// anything else, whatever its shape.
    public static func verify(_ signed: [UInt8], bodyLength: Int, key: SymmetricKey) -> [UInt8]? {
        guard bodyLength >= 0, signed.count == bodyLength + macLength else { return nil }
        let body = Array(signed[0..<bodyLength])
        guard SecureToken.constantTimeEquals(mac(body, key: key), Array(signed[bodyLength...])) else { return nil }
        return body
    }

    private static func mac(_ body: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(Array(HMAC<SHA256>.authenticationCode(for: body, using: key)).prefix(macLength))
    }
}
