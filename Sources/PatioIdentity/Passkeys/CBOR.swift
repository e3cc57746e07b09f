/// The subset of CBOR (RFC 8949) WebAuthn uses: integers, byte and text strings, arrays, maps, booleans and
/// null, all with definite lengths. Anything else is refused rather than guessed at.
indirect enum CBOR: Hashable, Sendable {
    case unsigned(UInt64)
    case negative(Int64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([CBOR: CBOR])
    case bool(Bool)
    case null

    struct Malformed: Error {}

    /// Decodes one item from the start of `bytes`; returns it and how many bytes it took.
    static func decode(_ bytes: [UInt8], from start: Int = 0) throws -> (CBOR, Int) {
        var reader = Reader(bytes: bytes, position: start)
        let value = try reader.item(depth: 0)
        return (value, reader.position - start)
    }

    /// Decodes `bytes`, which must hold exactly one item.
    static func decodeAll(_ bytes: [UInt8]) throws -> CBOR {
        let (value, used) = try decode(bytes)
        guard used == bytes.count else { throw Malformed() }
        return value
    }

    subscript(_ key: Int) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[key >= 0 ? .unsigned(UInt64(key)) : .negative(Int64(key))]
    }

    subscript(_ key: String) -> CBOR? {
        guard case .map(let map) = self else { return nil }
        return map[.text(key)]
    }

    var bytesValue: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
    var textValue: String? { if case .text(let value) = self { value } else { nil } }
    var intValue: Int? {
        switch self {
        case .unsigned(let value): value <= UInt64(Int.max) ? Int(value) : nil
        case .negative(let value): Int(value)
        default: nil
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position: Int

        mutating func byte() throws -> UInt8 {
            guard position < bytes.count else { throw Malformed() }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func take(_ count: Int) throws -> [UInt8] {
            guard count >= 0, count <= bytes.count - position else { throw Malformed() }
            defer { position += count }
            return Array(bytes[position..<position + count])
        }

        mutating func argument(_ info: UInt8) throws -> UInt64 {
            switch info {
            case 0..<24: return UInt64(info)
            case 24: return UInt64(try byte())
            case 25: return try take(2).reduce(0) { $0 << 8 | UInt64($1) }
            case 26: return try take(4).reduce(0) { $0 << 8 | UInt64($1) }
            case 27: return try take(8).reduce(0) { $0 << 8 | UInt64($1) }
            default: throw Malformed()  // indefinite lengths and reserved values
            }
        }

        mutating func item(depth: Int) throws -> CBOR {
            guard depth < 16 else { throw Malformed() }
            let head = try byte()
            let major = head >> 5, info = head & 0x1F
            switch major {
            case 0: return .unsigned(try argument(info))
            case 1:
                let value = try argument(info)
                guard value < UInt64(Int64.max) else { throw Malformed() }
                return .negative(-1 - Int64(value))
            case 2: return .bytes(try take(Int(clamping: try argument(info))))
            case 3:
                guard let text = String(bytes: try take(Int(clamping: try argument(info))), encoding: .utf8) else { throw Malformed() }
                return .text(text)
            case 4:
                let count = try argument(info)
                guard count <= 1_000 else { throw Malformed() }
                return .array(try (0..<count).map { _ in try item(depth: depth + 1) })
            case 5:
                let count = try argument(info)
                guard count <= 1_000 else { throw Malformed() }
                var map: [CBOR: CBOR] = [:]
                for _ in 0..<count {
                    let key = try item(depth: depth + 1)
                    guard map[key] == nil else { throw Malformed() }
                    map[key] = try item(depth: depth + 1)
                }
                return .map(map)
            case 7:
                switch info {
                case 20: return .bool(false)
                case 21: return .bool(true)
                case 22: return .null
                default: throw Malformed()
                }
            default:
                throw Malformed()  // tags are not used by WebAuthn
            }
        }
    }
}

/// Writes CBOR, for tests and for nothing else Patio needs (it only reads what authenticators send).
extension CBOR {
    var encoded: [UInt8] {
        func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
            switch value {
            case 0..<24: return [major << 5 | UInt8(value)]
            case 24..<256: return [major << 5 | 24, UInt8(value)]
            case 256..<65_536: return [major << 5 | 25, UInt8(value >> 8), UInt8(value & 0xFF)]
            case 65_536..<4_294_967_296: return [major << 5 | 26] + (0..<4).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
            default: return [major << 5 | 27] + (0..<8).reversed().map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
            }
        }
        switch self {
        case .unsigned(let value): return head(0, value)
        case .negative(let value): return head(1, UInt64(-1 - value))
        case .bytes(let value): return head(2, UInt64(value.count)) + value
        case .text(let value): return head(3, UInt64(value.utf8.count)) + Array(value.utf8)
        case .array(let items): return head(4, UInt64(items.count)) + items.flatMap(\.encoded)
        case .map(let map):
            // Canonical order (shorter encodings first, then bytewise), as authenticators write it.
            let pairs = map.map { ($0.key.encoded, $0.value.encoded) }.sorted {
                $0.0.count != $1.0.count ? $0.0.count < $1.0.count : $0.0.lexicographicallyPrecedes($1.0)
            }
            return head(5, UInt64(map.count)) + pairs.flatMap { $0.0 + $0.1 }
        case .bool(let value): return [value ? 0xF5 : 0xF4]
        case .null: return [0xF6]
        }
    }
}
