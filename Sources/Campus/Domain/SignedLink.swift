import Crypto
import Foundation
import PatioCore

/// The unguessable part of a link Patio hands out about one student: the student's id and a number (the
/// calendar feed's generation, or a period's id bytes), signed with a purpose's own key (`SignedBytes`).
/// Nothing is stored per link: revoking bumps the number.
struct SignedLink: Equatable, Sendable {
    enum Purpose: String, Sendable {
        case calendarFeed = "campus.calendar-feed"
        case credential = "campus.credential"
        case receipt = "campus.receipt"
    }

    let studentID: UUID
    let payload: [UInt8]

    func encoded(key: SymmetricKey) -> String {
        Data(SignedBytes.sign(Self.body(studentID, payload), key: key)).base64URLEncodedString()
    }

    /// The link's student and payload when the signature holds; nil for anything else, whatever its shape.
    static func verify(_ text: String, payloadLength: Int, key: SymmetricKey) -> SignedLink? {
        guard text.count <= 200, let data = Data(base64URLEncoded: text),
            let body = SignedBytes.verify(Array(data), bodyLength: 16 + payloadLength, key: key)
        else { return nil }
        let id = body[0..<16].withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        return SignedLink(studentID: id, payload: Array(body[16...]))
    }

    private static func body(_ id: UUID, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) }
        return bytes + payload
    }

    static func generation(_ value: Int) -> [UInt8] {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { Array($0) }
    }

    static func generation(of payload: [UInt8]) -> Int {
        payload.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }

    static func uuidBytes(_ id: UUID) -> [UInt8] {
        withUnsafeBytes(of: id.uuid) { Array($0) }
    }
}
