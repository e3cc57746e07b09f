/// Vertical bars over labelled categories (months, days), drawn as accessible SVG.
///
/// Negative values are drawn as empty bars on the baseline: the charts Patio draws count things.
public struct BarChart: Sendable {
    public var title: String
    public var points: [ChartPoint]
    public var colour: String
    public var width: Int
    public var height: Int
    public var emptyMessage: String

    public init(title: String, points: [ChartPoint], colour: String = "currentColor", width: Int = 600, height: Int = 240, emptyMessage: String = "No data") {
        self.title = title
        self.points = points
        self.colour = colour
        self.width = width
        self.height = height
        self.emptyMessage = emptyMessage
    }

    /// At most this many x labels are written, so they never overlap.
    static func labelIndices(count: Int, maximum: Int) -> Set<Int> {
        guard count > maximum, maximum >= 2 else { return Set(0..<count) }
        let stride = Int((Double(count - 1) / Double(maximum - 1)).rounded(.up))
        var indices = Set(Swift.stride(from: 0, to: count, by: stride))
        if let last = indices.max(), count - 1 - last < stride / 2 + 1 { indices.remove(last) }
        indices.insert(count - 1)
        return indices
    }

    public func svg() -> String {
        let id = SVGText.identifier(title + points.map(\.label).joined())
        let w = Double(width), h = Double(height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"100%\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\" font-family=\"inherit\" font-size=\"12\">"
        out += "<title id=\"\(id)-title\">\(SVGText.escape(title))</title>"
        out += "<desc id=\"\(id)-desc\">\(SVGText.escape(points.map { "\($0.label): \($0.valueLabel ?? SVGText.number($0.value))" }.joined(separator: "; ")))</desc>"
        guard !points.isEmpty else {
            return out + "<text x=\"\(SVGText.number(w / 2))\" y=\"\(SVGText.number(h / 2))\" text-anchor=\"middle\" fill=\"currentColor\">\(SVGText.escape(emptyMessage))</text></svg>"
        }
        let left = 40.0, right = 10.0, top = 20.0, bottom = 28.0
        let plotWidth = w - left - right, plotHeight = h - top - bottom
        let scale = NiceScale(dataMaximum: points.map { max(0, $0.value) }.max() ?? 0)
        for tick in scale.ticks {
            let y = top + plotHeight - tick / scale.maximum * plotHeight
            out += "<line x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(w - right))\" y1=\"\(SVGText.number(y))\" y2=\"\(SVGText.number(y))\" stroke=\"currentColor\" stroke-opacity=\"0.15\"/>"
            out += "<text x=\"\(SVGText.number(left - 6))\" y=\"\(SVGText.number(y + 4))\" text-anchor=\"end\" fill=\"currentColor\">\(SVGText.number(tick))</text>"
        }
        let slot = plotWidth / Double(points.count)
        let barWidth = slot * 0.7
        let labelled = Self.labelIndices(count: points.count, maximum: max(2, Int(plotWidth / 56)))
        for (index, point) in points.enumerated() {
            let value = max(0, point.value.isFinite ? point.value : 0)
            let barHeight = value / scale.maximum * plotHeight
            let x = left + Double(index) * slot + (slot - barWidth) / 2
            let y = top + plotHeight - barHeight
            out += "<rect x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(barWidth))\" height=\"\(SVGText.number(barHeight))\" fill=\"\(SVGText.escape(colour))\" rx=\"2\"/>"
            if barWidth >= 18 {
                out += "<text x=\"\(SVGText.number(x + barWidth / 2))\" y=\"\(SVGText.number(y - 4))\" text-anchor=\"middle\" fill=\"currentColor\">\(SVGText.escape(point.valueLabel ?? SVGText.number(point.value)))</text>"
            }
            if labelled.contains(index) {
                out += "<text x=\"\(SVGText.number(x + barWidth / 2))\" y=\"\(SVGText.number(h - 8))\" text-anchor=\"middle\" fill=\"currentColor\">\(SVGText.escape(point.label))</text>"
            }
        }
        out += "<line x1=\"\(SVGText.number(left))\" x2=\"\(SVGText.number(w - right))\" y1=\"\(SVGText.number(top + plotHeight))\" y2=\"\(SVGText.number(top + plotHeight))\" stroke=\"currentColor\"/>"
        return out + "</svg>"
    }
}
