/// Escaping of caller-supplied text before it is embedded in SVG markup.
///
/// Labels come from user data (class names, client names), so they must not
/// be able to open tags, close attributes or break XML well-formedness when
/// the SVG is inlined into an HTML page.
enum XMLEscaping {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and drops control characters that
    /// XML 1.0 forbids outright (they cannot be escaped, only removed).
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    continue
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
