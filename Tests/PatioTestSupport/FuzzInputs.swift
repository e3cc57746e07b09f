import Foundation

/// Deterministic hostile inputs for decoder property tests: random text and bytes, and mutations of a
/// valid input (truncation, bit flips, huge and non-finite numbers, other separators, non-UTF-8 bytes).
///
/// Seeded, so a failure reproduces; every decoder of client text is run over these and must answer with
/// a value or a clean error, never trap.
public struct FuzzInputs: Sendable {
    public var random: SeededRandom

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// `count` strings: random printable ASCII, random Unicode, random base64url, and pieces that decoders
    /// choke on (huge numbers, `nan`, separators, control characters).
    public mutating func strings(_ count: Int) -> [String] {
        (0..<count).map { index in
            switch index % 4 {
            case 0: return String((0..<random.below(80)).map { _ in Character(UnicodeScalar(UInt8(32 + random.below(95)))) })
            case 1: return String(String.UnicodeScalarView((0..<random.below(40)).compactMap { _ in UnicodeScalar(UInt32(random.below(0x2FFFF))) }))
            case 2: return String((0..<random.below(120)).map { _ in Self.base64URL[random.below(Self.base64URL.count)] })
            default: return (0..<random.below(6)).map { _ in Self.nasty[random.below(Self.nasty.count)] }.joined()
            }
        }
    }

    /// `count` mutations of `valid`: cut short, bit-flipped, with a piece inserted or replaced.
    public mutating func mutations(of valid: String, _ count: Int) -> [String] {
        mutations(of: Array(valid.utf8), count).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `count` mutations of `valid` bytes (the result may not be UTF-8 at all).
    public mutating func mutations(of valid: [UInt8], _ count: Int) -> [[UInt8]] {
        (0..<count).map { _ in
            var bytes = valid
            for _ in 0...random.below(3) {
                switch random.below(5) {
                case 0: bytes = Array(bytes.prefix(random.below(bytes.count + 1)))
                case 1 where !bytes.isEmpty:
                    let at = random.below(bytes.count)
                    bytes[at] ^= UInt8(1 << random.below(8))
                case 2:
                    bytes.insert(contentsOf: Array(Self.nasty[random.below(Self.nasty.count)].utf8), at: random.below(bytes.count + 1))
                case 3 where !bytes.isEmpty:
                    bytes[random.below(bytes.count)] = UInt8(random.below(256))
                default:
                    bytes.append(contentsOf: (0..<random.below(8)).map { _ in UInt8(random.below(256)) })
                }
            }
            return bytes
        }
    }

    /// `count` random byte strings up to `maxLength` long.
    public mutating func bytes(_ count: Int, maxLength: Int = 64) -> [[UInt8]] {
        (0..<count).map { _ in (0..<random.below(maxLength + 1)).map { _ in UInt8(random.below(256)) } }
    }

    /// Base64url of `bytes` — for decoders that unwrap base64 first and must then refuse what is inside.
    public static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static let base64URL = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    static let nasty = [
        "1e300", "-1e300", "nan", "NaN", "inf", "-inf", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "99999999999999999999999", "-0", "0x10", ":", "|", "::", "||", ";", ",", "=", "&", "%", "%%", "%ZZ", "%00", "\u{1F}", "\u{0}",
        "\t", "\r\n", "\\", "/", "//", "..", "\u{FFFD}", "\u{202E}", "é", "🙂", "v1:", "v1", "=", "==", "+", " ",
    ]
}

/// A small, fast, seedable generator (SplitMix64), so property tests reproduce.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when bound is 0).
    public mutating func below(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
