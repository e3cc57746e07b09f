/// A cursor over a text's UTF-8 bytes, for the few number shapes SAES writes (`7:00 - 8:30`, `8,53`).
///
/// Hand-written rather than a regex literal: Swift parses and compiles a regex literal again every time the
/// expression is evaluated, which made reading a schedule page about thirty times slower than libxml2
/// reading its HTML.
struct ByteScanner {
    let bytes: [UInt8]
    var position: Int

    init(_ text: some StringProtocol, at position: Int = 0) {
        bytes = Array(text.utf8)
        self.position = position
    }

    var atEnd: Bool { position >= bytes.count }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isDigit(at index: Int) -> Bool { index >= 0 && index < bytes.count && Self.isDigit(bytes[index]) }

    /// Up to `limit` digits from here, nil when there is none.
    mutating func digits(limit: Int = .max) -> Substring? {
        let start = position
        while position < bytes.count, position - start < limit, Self.isDigit(bytes[position]) { position += 1 }
        guard position > start else { return nil }
        return Substring(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Consumes `byte` when it is next.
    mutating func eat(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Consumes ASCII white space.
    mutating func skipSpaces() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D].contains(bytes[position]) { position += 1 }
    }

    func text(from start: Int) -> String { String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self) }

    /// `7` → `07`, for 0…99 (String(format:) goes through Foundation's formatter, slow for a page of cells).
    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
