/// A vertical bar chart rendered as a self-contained, accessible SVG string.
///
/// The y axis starts at zero and ends at a nice number (see the scale rule:
/// 1, 2, 2.5 or 5 × 10ⁿ) with 4–5 labelled gridlines. **Negative values are
/// clamped to the baseline** — their bar has zero height — but their real
/// value is still printed in the value label, tooltip and `<desc>`.
/// Non-finite values are drawn and described as zero.
///
/// ```swift
/// let chart = BarChart(title: "Ingresos por mes", points: [
///     ChartPoint(label: "Ene", value: 120, valueLabel: "S/ 120,00"),
/// ])
/// let html = chart.svg()
/// ```
public struct BarChart: Sendable {
    /// Accessible name of the chart, rendered as the SVG `<title>`.
    public var title: String
    /// The bars, in display order from left to right.
    public var points: [ChartPoint]
    /// Any CSS colour for the bars; `currentColor` follows the surrounding text colour.
    public var colour: String
    /// Width of the viewBox in user units; the SVG itself scales to 100 % of its container.
    public var width: Int
    /// Height of the viewBox in user units.
    public var height: Int
    /// Text shown (and announced) when `points` is empty; pass a localised string.
    public var emptyMessage: String
    /// Formats y-axis gridline values; defaults to plain numbers with at most two decimals.
    public var tickLabel: (@Sendable (Double) -> String)?
    /// DOM id prefix for the title/description; derived from the content when `nil`.
    public var id: String?

    /// Creates a bar chart.
    /// - Parameters:
    ///   - title: Accessible name of the chart.
    ///   - points: The bars, left to right.
    ///   - colour: CSS colour of the bars.
    ///   - width: viewBox width.
    ///   - height: viewBox height.
    ///   - emptyMessage: Localised text for when there are no points.
    ///   - tickLabel: Optional formatter for y-axis values (e.g. currency).
    ///   - id: Optional DOM id prefix, needed only to reference the chart from CSS.
    public init(
        title: String,
        points: [ChartPoint],
        colour: String = "currentColor",
        width: Int = 600,
        height: Int = 240,
        emptyMessage: String = "No data",
        tickLabel: (@Sendable (Double) -> String)? = nil,
        id: String? = nil
    ) {
        self.title = title
        self.points = points
        self.colour = colour
        self.width = width
        self.height = height
        self.emptyMessage = emptyMessage
        self.tickLabel = tickLabel
        self.id = id
    }

    /// Fraction of each slot taken by the bar; the rest separates neighbours.
    private static let barFraction = 0.7

    /// Renders the chart as an `<svg>` element ready to inline in HTML.
    public func svg() -> String {
        let entries = points.map { (label: $0.label, value: $0.displayValue) }
        let description = points.isEmpty ? emptyMessage : SVGDocument.dataDescription(entries)
        let chartID = ChartIdentifier.make(explicit: id, kind: "bar", content: title + "\u{0}" + description)
        let body =
            points.isEmpty
            ? SVGDocument.emptyBody(message: emptyMessage, width: width, height: height)
            : plotBody()
        return SVGDocument.render(
            width: width, height: height, id: chartID,
            title: title, description: description, body: body
        )
    }

    private func plotBody() -> String {
        let layout = CartesianLayout(
            width: width, height: height, points: points,
            tickLabel: tickLabel ?? { SVGFormatting.number($0) }
        )
        let barWidth = layout.slotWidth * Self.barFraction
        let fontSize = SVGDocument.fontSize
        var bars = "<g class=\"bars\" fill=\"\(XMLEscaping.escape(colour))\">\n"
        var values = "<g class=\"value-labels\" text-anchor=\"middle\" fill=\"currentColor\">\n"
        for (index, point) in points.enumerated() {
            let top = layout.y(point.plottedValue)
            let x = layout.x(index) - barWidth / 2
            bars +=
                "<rect class=\"bar\" x=\"\(n(x))\" y=\"\(n(top))\" width=\"\(n(barWidth))\" "
                + "height=\"\(n(layout.plotBottom - top))\">"
                + "<title>\(XMLEscaping.escape(point.label + ": " + point.displayValue))</title></rect>\n"
            // A value label wider than its slot would collide with the neighbours'.
            let text = point.displayValue
            if TextMetrics.width(of: text, fontSize: fontSize) + 2 <= layout.slotWidth {
                values +=
                    "<text class=\"value-label\" x=\"\(n(layout.x(index)))\" y=\"\(n(top - 4))\">"
                    + XMLEscaping.escape(text) + "</text>\n"
            }
        }
        bars += "</g>\n"
        values += "</g>\n"
        return layout.gridMarkup() + bars + layout.baselineMarkup() + values + layout.xLabelMarkup()
    }

    private func n(_ value: Double) -> String { SVGFormatting.number(value) }
}
