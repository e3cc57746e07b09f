/// Text for the standard fonts: encoded as Windows-1252 (`WinAnsiEncoding`, which covers Spanish and
/// Western European text) and written as a PDF string literal.
enum PDFText {
    /// The bytes of characters 0x80…0x9F in Windows-1252.
    static let windows1252: [Unicode.Scalar: UInt8] = [
        "€": 0x80, "‚": 0x82, "ƒ": 0x83, "„": 0x84, "…": 0x85, "†": 0x86, "‡": 0x87, "ˆ": 0x88, "‰": 0x89, "Š": 0x8A, "‹": 0x8B,
        "Œ": 0x8C, "Ž": 0x8E, "\u{2018}": 0x91, "\u{2019}": 0x92, "\u{201C}": 0x93, "\u{201D}": 0x94, "•": 0x95, "–": 0x96,
        "—": 0x97, "˜": 0x98, "™": 0x99, "š": 0x9A, "›": 0x9B, "œ": 0x9C, "ž": 0x9E, "Ÿ": 0x9F,
    ]

    /// Each character's byte; one the encoding lacks becomes `?`, control characters are dropped.
    static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F..<0xA0).contains(value) && windows1252[scalar] == nil { continue }
            if value < 0x7F || (0xA0...0xFF).contains(value) {
                bytes.append(UInt8(value))
            } else if let byte = windows1252[scalar] {
                bytes.append(byte)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                bytes.append(UInt8(ascii: "?"))
            }
        }
        return bytes
    }

    /// `(…)` with `(`, `)` and `\` escaped and bytes above ASCII as octal escapes, so the file stays 7-bit.
    static func literal(_ text: String) -> String {
        var out = "("
        for byte in encode(text) {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): out += "\\" + String(UnicodeScalar(byte))
            case 0x20..<0x7F: out += String(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + ")"
    }
}
