import Foundation

/// An id as a JSON string in lower-case hex, 8-4-4-4-12 with its quotes, held inline (38 bytes, no allocation):
/// what `JSONText.lowerText` writes.
///
/// A sync page writes the ids of hundreds of feed rows that SQLite keeps as text. Read into a `UUID` and written
/// back, each id's 32 digits were converted twice; from the text this is one pass that checks the form and lowers
/// the letters.
public struct IDText: Sendable, Equatable {
    private var quoted: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)

    public init(_ id: UUID) {
        withUnsafeMutableBytes(of: &quoted) { out in
            out[0] = UInt8(ascii: "\"")
            id.writeText(lowerCase: true, into: UnsafeMutableRawBufferPointer(rebasing: out[1..<37]))
            out[37] = UInt8(ascii: "\"")
        }
    }

    /// The id spelled by the UTF-8 `text` in the canonical form (36 characters, hex digits of either case, dashes
    /// after the 8th, 12th, 16th and 20th digit); nil for anything else.
    public init?(canonicalUTF8 text: UnsafeBufferPointer<UInt8>) {
        guard text.count == 36 else { return nil }
        // Every byte is checked and copied without a branch on its value; one test at the end says whether all were
        // what their place needs. A page reads hundreds of ids.
        let valid = withUnsafeMutableBytes(of: &quoted) { out -> Bool in
            var wrong: UInt8 = 0
            for index in 0..<36 {
                let byte = text[index]
                let isDash = index == 8 || index == 13 || index == 18 || index == 23
                // Bit 5 lowers `A`…`F` and leaves the digits as they are (it is set in `0`…`9`).
                let lowered = byte | 0x20
                let isDigit = byte &- UInt8(ascii: "0") < 10
                let isLetter = lowered &- UInt8(ascii: "a") < 6
                wrong |= isDash ? (byte == UInt8(ascii: "-") ? 0 : 1) : (isDigit || isLetter ? 0 : 1)
                out[index + 1] = isDash ? byte : lowered
            }
            out[0] = UInt8(ascii: "\"")
            out[37] = UInt8(ascii: "\"")
            return wrong == 0
        }
        guard valid else { return nil }
    }

    /// The id this text spells.
    public var value: UUID {
        withUnsafeBytes(of: quoted) { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { text in
                // Always the canonical form, which both initializers check or write: the zero id is never answered.
                UUID(canonicalUTF8: UnsafeBufferPointer(rebasing: text[1..<37])) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
            }
        }
    }

    /// Calls `body` with the 38 bytes, quotes included.
    func withQuotedBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeBytes(of: quoted) { body(UnsafeRawBufferPointer(rebasing: $0[0..<38])) }
    }

    public static func == (lhs: IDText, rhs: IDText) -> Bool {
        lhs.withQuotedBytes { left in rhs.withQuotedBytes { right in left.elementsEqual(right) } }
    }
}
