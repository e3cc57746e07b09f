import Crypto
import Foundation
import PatioCore

/// The payload of a room's QR code: a sede and a time window, signed with the server's key.
///
/// Layout before base64url: version (1 byte) · sede id (16) · window number (8, big-endian), signed
/// (`SignedBytes`: 16 bytes of HMAC-SHA256). Short tokens make small, easily scanned QR codes; 128 bits of
/// MAC is still far beyond guessing within the minute a token lives.
struct CheckInToken: Equatable, Sendable {
    static let period: TimeInterval = 30
    private static let version: UInt8 = 1

    let locationID: UUID
    let window: Int64

    static func window(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / period).rounded(.down)) }

    /// The last instant this token is accepted: the end of the window after its own.
    var expiresAt: Date { Date(timeIntervalSince1970: Double(window + 2) * Self.period) }

    func encoded(key: SymmetricKey) -> String {
        Data(SignedBytes.sign(payloadBytes, key: key)).base64URLEncodedString()
    }

    private var payloadBytes: [UInt8] {
        var bytes: [UInt8] = [Self.version]
        withUnsafeBytes(of: locationID.uuid) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: window.bigEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    enum Failure: Error, Equatable { case malformed, badSignature, expired, notYetValid }

    /// Checks the signature and that the window is the current or the previous one at `now`.
    static func verify(_ text: String, key: SymmetricKey, now: Date) -> Result<CheckInToken, Failure> {
        guard text.count <= 100, let data = Data(base64URLEncoded: text), data.count == 25 + SignedBytes.macLength, data.first == version else {
            return .failure(.malformed)
        }
        guard let payload = SignedBytes.verify(Array(data), bodyLength: 25, key: key) else { return .failure(.badSignature) }
        let uuid = payload[1..<17].withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        let window = payload[17..<25].reduce(Int64(0)) { $0 << 8 | Int64($1) }
        let current = Self.window(at: now)
        if window > current { return .failure(.notYetValid) }
        if window < current - 1 { return .failure(.expired) }
        return .success(CheckInToken(locationID: uuid, window: window))
    }
}
