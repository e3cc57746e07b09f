import Foundation

/// An axis maximum a person reads easily: the data maximum rounded up to 1, 2, 2.5 or 5 × 10ⁿ, split into
/// 4 or 5 equal steps.
struct NiceScale: Equatable {
    let maximum: Double
    let step: Double

    init(dataMaximum: Double) {
        guard dataMaximum.isFinite, dataMaximum > 0 else {
            maximum = 1
            step = 0.25
            return
        }
        let magnitude = pow(10, floor(log10(dataMaximum)))
        let nice = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= dataMaximum - magnitude * 1e-9 } ?? 10 * magnitude
        maximum = nice
        let leading = nice / magnitude
        step = nice / (leading == 2.5 || leading == 5 ? 5 : 4)
    }

    var ticks: [Double] { stride(from: 0, through: maximum + step / 2, by: step).map { $0 } }
}

/// SVG number and text formatting that never depends on the server's locale.
enum SVGText {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), rounded)
            .replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }

    /// A short, stable id for the chart's title element, so several charts on one page do not collide.
    static func identifier(_ seed: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in seed.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "chart-\(String(hash, radix: 36))"
    }
}
