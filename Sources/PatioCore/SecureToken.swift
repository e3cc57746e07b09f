import Crypto
import Foundation

/// Random secrets and their digests. Only digests are ever stored.
public enum SecureToken {
    /// 256 bits from the system CSPRNG, base64url without padding.
    public static func generate(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let raw = (0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(raw).base64URLEncodedString()
    }

    /// Hex SHA-256 of a token, the form stored in the database.
    public static func digest(_ token: String) -> String {
        Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }

    /// Compares two strings without leaking where they differ through timing.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        constantTimeEquals(Array(lhs.utf8), Array(rhs.utf8))
    }

    /// Compares two byte strings in time that does not depend on where they differ.
    public static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
