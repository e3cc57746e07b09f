import Foundation

/// Number printing for SVG attributes and default labels.
///
/// Attributes must use `.` as decimal separator regardless of the process
/// locale (a `,` would silently break the geometry), and two decimals are
/// plenty for user units while keeping the markup small.
enum SVGFormatting {
    /// Prints `value` with at most two decimals, no grouping, `.` as separator,
    /// and never `NaN`, `inf` or `-0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded()
        // Past ~9e15 hundredths an Int64 conversion would trap or lose digits;
        // such magnitudes have no meaningful decimals anyway.
        guard abs(hundredths) < 9e15 else {
            return String(format: "%.0f", value.rounded())
        }
        let scaled = Int64(hundredths)
        if scaled == 0 { return "0" }
        let magnitude = scaled.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        var text = String(whole)
        if fraction != 0 {
            if fraction % 10 == 0 {
                text += "." + String(fraction / 10)
            } else {
                text += "." + (fraction < 10 ? "0" : "") + String(fraction)
            }
        }
        return scaled < 0 ? "-" + text : text
    }
}
