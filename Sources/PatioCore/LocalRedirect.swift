import Foundation

/// Where a person may be sent after signing in: only a path on this site.
///
/// Browsers forgive a lot on the way to a URL — they drop tabs and newlines, read `\` as `/`, and follow
/// `//host` to another site — so the check runs on the text as given and on every percent-decoding of it,
/// and anything that is not plainly one local path falls back to the home page.
public enum LocalRedirect {
    /// `next` when it is a same-origin path, else `/`.
    public static func path(_ next: String?) -> String {
        guard let next, next.utf8.count <= 2048 else { return "/" }
        var form = next
        // Three rounds of decoding cover double-encoding tricks; text that still decodes further is refused.
        for _ in 0..<3 {
            guard isPlainLocalPath(form) else { return "/" }
            guard let decoded = form.removingPercentEncoding else { return "/" }
            if decoded == form { return next }
            form = decoded
        }
        return "/"
    }

    private static func isPlainLocalPath(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "/", scalars.count < 2 || (scalars[1] != "/" && scalars[1] != "\\") else { return false }
        return !scalars.contains { scalar in
            scalar == "\\" || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
        }
    }
}
