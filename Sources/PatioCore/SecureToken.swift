import Crypto
import Foundation

/// Random secrets and their digests. Only digests are ever stored.
public enum SecureToken {
    /// 256 bits from the system CSPRNG, base64url without padding.
    public static func generate(bytes: Int = 32) -> String {
        // Eight bytes from each draw: a byte per draw asked the kernel for randomness once per byte.
        var generator = SystemRandomNumberGenerator()
        var raw: [UInt8] = []
        raw.reserveCapacity(bytes + 8)
        while raw.count < bytes {
            withUnsafeBytes(of: generator.next()) { raw.append(contentsOf: $0) }
        }
        return Data(raw.prefix(bytes)).base64URLEncodedString()
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
