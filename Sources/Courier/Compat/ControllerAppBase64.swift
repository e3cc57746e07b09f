import Foundation

/// The login body's `Usuario` and `Password` are base64 of UTF-8 text as the apps produce it: Android's
/// `Base64.DEFAULT` ends with a newline (and breaks lines every 76 characters), which arrives inside the JSON
/// string as the escape `\n`; iOS sends none. Some apps escape twice, so the two characters backslash and
/// `n` arrive literally. None of these can be part of base64, so all of them are dropped before decoding;
/// missing `=` padding is restored.
enum ControllerAppBase64 {
    /// The decoded text, or nil when `text` is not base64 of UTF-8.
    static func decode(_ text: String) -> String? {
        var compact = text
        for escape in ["\\r", "\\n"] { compact = compact.replacingOccurrences(of: escape, with: "") }
        compact.removeAll { $0.isWhitespace }
        guard compact.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }) else { return nil }
        let unpadded = compact.count % 4
        if unpadded == 1 { return nil }
        if unpadded > 0 { compact += String(repeating: "=", count: 4 - unpadded) }
        guard let data = Data(base64Encoded: compact) else { return nil }
        return String(validating: Array(data), as: UTF8.self)
    }
}
