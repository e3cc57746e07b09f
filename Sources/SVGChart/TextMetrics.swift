/// Rough text measurement, because the server cannot ask a browser how wide
/// a string will render.
///
/// 0.6 em per character is a deliberately generous average for proportional
/// Latin fonts, so estimates err towards more space, not overlap.
enum TextMetrics {
    /// Average advance per character, in ems.
    static let averageCharacterWidth = 0.6

    /// Estimated rendered width of `text` at `fontSize` user units.
    static func width(of text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * averageCharacterWidth
    }

    /// Most characters that fit in `width` at `fontSize`.
    static func characterCapacity(width: Double, fontSize: Double) -> Int {
        guard width > 0, fontSize > 0 else { return 0 }
        return Int(width / (fontSize * averageCharacterWidth))
    }

    /// Shortens `text` to at most `maxCharacters` characters, ending in "…",
    /// so one long label cannot push the whole layout around. The full text
    /// stays available in `<desc>` and tooltips.
    static func truncated(_ text: String, maxCharacters: Int) -> String {
        guard text.count > maxCharacters else { return text }
        guard maxCharacters > 1 else { return maxCharacters == 1 ? "…" : "" }
        return String(text.prefix(maxCharacters - 1)) + "…"
    }
}
