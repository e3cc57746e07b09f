import Foundation

/// Writes JSON bytes directly, byte for byte as `PatioJSON.encoder()` writes the same values (sorted keys,
/// slashes unescaped, integral numbers without a fraction).
///
/// A sync page carries hundreds of rows of `JSONValue` fields. Through `JSONEncoder` each field went through
/// generic containers and boxing, which took half of a page's time; written here, it is a loop over bytes.
/// Tests compare this output with `JSONEncoder`'s for random values.
public struct JSONText: Sendable, Equatable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Appends raw JSON punctuation or a literal (`{`, `,`, `true`).
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends JSON written elsewhere (a value `JSONText` wrote), as it is.
    public mutating func append(_ written: JSONText) {
        bytes.append(contentsOf: written.bytes)
    }

    /// Appends JSON that this type wrote earlier, as the UTF-8 bytes a store lends where it keeps them (never a
    /// client's text).
    public mutating func append(storedUTF8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Takes back the last byte written when it is `byte` (a separator written ahead of a value that never came).
    public mutating func dropLast(ifItIs byte: UInt8) {
        if bytes.last == byte { bytes.removeLast() }
    }

    /// Appends an id as a JSON string in lower-case hex, 8-4-4-4-12: `string(id.uuidString.lowercased())`.
    public mutating func lowerText(_ id: UUID) {
        append(IDText(id))
    }

    /// Appends an id's quoted text (`IDText`).
    public mutating func append(_ id: IDText) {
        id.withQuotedBytes { bytes.append(contentsOf: $0) }
    }

    /// Appends `"key":`.
    public mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends a JSON string: `"`, `\` and control characters escaped, everything else as UTF-8.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            let digits = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
        }
    }

    /// Appends a whole number.
    public mutating func integer(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `true` or `false`.
    public mutating func bool(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Appends a number as `JSONValue` encodes it: integral values below 10¹⁵ as whole numbers, others in
    /// Swift's shortest form without a trailing `.0`. JSON has no NaN or infinity; those are written `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value.rounded() == value, abs(value) < 1e15 { return integer(Int(value)) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends any JSON value, objects with their keys sorted.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .bool(let flag): bool(flag)
        case .null: raw("null")
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields): object(fields)
        }
    }

    /// Appends an object, its keys in the order `JSONEncoder`'s `.sortedKeys` gives them.
    public mutating func object(_ fields: [String: JSONValue]) {
        bytes.append(UInt8(ascii: "{"))
        for (index, field) in fields.sorted(by: { Self.precedes($0.key, $1.key) }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            key(field.key)
            value(field.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends an object whose keys are among `sortedKeys`, which are in `precedes` order: rows of one shape
    /// written by the hundred skip sorting their keys each time. Fields with a key outside `sortedKeys` are written
    /// as `object(_:)` writes them, so nothing is ever left out.
    public mutating func object(_ fields: [String: JSONValue], sortedKeys: [String]) {
        let start = bytes.count
        var written = 0
        bytes.append(UInt8(ascii: "{"))
        for name in sortedKeys {
            guard let value = fields[name] else { continue }
            if written > 0 { bytes.append(UInt8(ascii: ",")) }
            key(name)
            self.value(value)
            written += 1
        }
        bytes.append(UInt8(ascii: "}"))
        if written != fields.count {
            bytes.removeSubrange(start...)
            object(fields)
        }
    }

    /// `names` in the key order of `.sortedKeys`, for `object(_:sortedKeys:)`.
    public static func sortedKeys(_ names: [String]) -> [String] { names.sorted(by: precedes) }

    /// The key order of `.sortedKeys`: byte by byte in UTF-8. Compared over the strings' contiguous bytes, since
    /// going through `String.UTF8View` element by element took a tenth of a large sync page's time.
    public static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
                return a.count < b.count
            }
        }
    }
}
