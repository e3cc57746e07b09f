import Mustache

/// How every `{{value}}` of Patio's pages is escaped: `&`, `<`, `>`, `"` and `'` become character references,
/// whatever follows them.
///
/// Mustache's own escaping walks the text by grapheme cluster and looks each one up in a dictionary. That was a
/// sixth of a busy page's rendering, and it leaves a quote alone when a combining mark follows it (`"` and
/// U+0301 make one cluster), so a name could close the attribute it was written into. Here the five characters
/// are found among the UTF-8 bytes, where no other character's bytes can look like them, and text without any of
/// them is returned as it is.
struct PatioHTML: MustacheContentType {
    /// The name the `CONTENT_TYPE` pragma gives, put before every template (`TemplateFolders`).
    static let name = "PATIO_HTML"

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { reference(for: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let reference = reference(for: byte) {
                escaped.append(contentsOf: reference)
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func reference(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "&"): ampersand
        case UInt8(ascii: "<"): lessThan
        case UInt8(ascii: ">"): greaterThan
        case UInt8(ascii: "\""): quote
        case UInt8(ascii: "'"): apostrophe
        default: nil
        }
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
}
