import Foundation

/// Ids to and from their 36-character text without Foundation's formatter and parser.
///
/// On Linux `UUID(uuidString:)` parses with `sscanf` (about 600 ns an id) and `uuidString` formats through
/// `sprintf` (about 400 ns). SQLite keeps every id as text, so each row read or written paid that per id
/// column: 5 % of a check-in's CPU went to `sscanf` alone. These write and read the ASCII directly.
extension UUID {
    /// `uuidString`, the same text (upper-case hex, 8-4-4-4-12).
    public var upperText: String { text(lowerCase: false) }

    /// Lower-case hex, 8-4-4-4-12: `uuidString.lowercased()`.
    public var lowerText: String { text(lowerCase: true) }

    private func text(lowerCase: Bool) -> String {
        String(unsafeUninitializedCapacity: 36) { out in
            writeText(lowerCase: lowerCase, into: UnsafeMutableRawBufferPointer(out))
            return 36
        }
    }

    /// Writes the id's 36 characters, 8-4-4-4-12 in hex of the given case, at the start of `out` (which has room for
    /// them): the one writer behind `upperText`, `lowerText` and `IDText`.
    func writeText(lowerCase: Bool, into out: UnsafeMutableRawBufferPointer) {
        let letters = lowerCase ? UInt8(ascii: "a") : UInt8(ascii: "A")
        func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : letters + value - 10 }
        withUnsafeBytes(of: uuid) { bytes in
            var position = 0
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[position] = UInt8(ascii: "-")
                    position += 1
                }
                out[position] = digit(byte >> 4)
                out[position + 1] = digit(byte & 0x0f)
                position += 2
            }
        }
    }

    /// The id spelled `text` in the canonical form: 36 characters, hex digits of either case, dashes after the
    /// 8th, 12th, 16th and 20th digit. Nil for anything else, which `UUID(uuidString:)` may still read.
    public init?(canonicalText text: String) {
        var text = text
        guard let value = text.withUTF8({ Self.parseCanonical($0) }) else { return nil }
        self.init(uuid: value)
    }

    /// The id spelled by the UTF-8 `bytes` in the canonical form (`init(canonicalText:)`), read where they lie.
    public init?(canonicalUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = Self.parseCanonical(bytes) else { return nil }
        self.init(uuid: value)
    }

    /// The id spelled `text` in any form `UUID(uuidString:)` reads, and exactly those: the canonical form without
    /// Foundation's `sscanf`, anything else through Foundation.
    public init?(anyText text: String) {
        guard let id = UUID(canonicalText: text) ?? UUID(uuidString: text) else { return nil }
        self = id
    }

    private static func parseCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { out -> Bool in
            var position = 0
            var index = 0
            while position < 36 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard bytes[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                    continue
                }
                guard let high = Hex.value(of: bytes[position]), let low = Hex.value(of: bytes[position + 1]) else { return false }
                out[index] = high << 4 | low
                index += 1
                position += 2
            }
            return true
        }
        return parsed ? value : nil
    }
}
