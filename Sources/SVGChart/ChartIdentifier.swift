/// DOM ids for the `<title>`/`<desc>` that `aria-labelledby` points at.
///
/// Several charts share one HTML page, so ids must differ between charts;
/// deriving them from the content (instead of a random UUID) keeps the output
/// deterministic, which makes responses cacheable and tests stable.
enum ChartIdentifier {
    /// A caller-supplied id reduced to characters valid in XML names and CSS
    /// selectors, or a stable hash of `content` when none was given.
    static func make(explicit: String?, kind: String, content: String) -> String {
        if let explicit {
            let allowed = explicit.unicodeScalars.filter {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
            let cleaned = String(String.UnicodeScalarView(allowed))
            if let first = cleaned.first {
                // XML names may not start with a digit or hyphen.
                return first.isLetter ? cleaned : "c" + cleaned
            }
        }
        return "svgchart-\(kind)-" + hexHash(content)
    }

    /// FNV-1a, 64 bit: tiny, dependency-free and stable across runs
    /// (unlike `Hasher`, which is seeded per process).
    private static func hexHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
