/// Horizontal bars for categories, each row showing its label, a bar, its
/// value and its share of the total, e.g. "Yoga ▇▇▇▇ S/ 450,00 (45%)".
///
/// Bar lengths are relative to the largest value (the largest row spans the
/// full bar column). Shares are whole percents that add up to exactly 100.
/// **Negative values are clamped to zero** for both bar length and share,
/// while the printed value keeps the real number. Non-finite values count as zero.
///
/// The viewBox height follows the number of rows (`rowHeight` each), so long
/// category lists stay legible instead of being squeezed.
public struct HorizontalBarChart: Sendable {
    /// Accessible name of the chart, rendered as the SVG `<title>`.
    public var title: String
    /// The rows, top to bottom.
    public var points: [ChartPoint]
    /// Any CSS colour for the bars; `currentColor` follows the surrounding text colour.
    public var colour: String
    /// Width of the viewBox in user units; the SVG itself scales to 100 % of its container.
    public var width: Int
    /// Height of each row in user units.
    public var rowHeight: Int
    /// Text shown (and announced) when `points` is empty; pass a localised string.
    public var emptyMessage: String
    /// DOM id prefix for the title/description; derived from the content when `nil`.
    public var id: String?

    /// Creates a horizontal bar chart.
    /// - Parameters:
    ///   - title: Accessible name of the chart.
    ///   - points: The rows, top to bottom.
    ///   - colour: CSS colour of the bars.
    ///   - width: viewBox width.
    ///   - rowHeight: Height of each row.
    ///   - emptyMessage: Localised text for when there are no points.
    ///   - id: Optional DOM id prefix, needed only to reference the chart from CSS.
    public init(
        title: String,
        points: [ChartPoint],
        colour: String = "currentColor",
        width: Int = 600,
        rowHeight: Int = 28,
        emptyMessage: String = "No data",
        id: String? = nil
    ) {
        self.title = title
        self.points = points
        self.colour = colour
        self.width = width
        self.rowHeight = rowHeight
        self.emptyMessage = emptyMessage
        self.id = id
    }

    /// Space above the first and below the last row.
    private static let verticalPadding = 8.0
    /// Gap between columns (label | bar | value).
    private static let gutter = 8.0
    /// At most this share of the width goes to category labels; longer ones are truncated.
    private static let labelColumnShare = 0.35
    /// Fraction of the row the bar occupies, leaving air between rows.
    private static let barThickness = 0.6

    /// The viewBox height: enough for every row, or three rows for the empty message.
    public var height: Int {
        let rows = max(points.count, points.isEmpty ? 3 : 1)
        return Int(Double(rows * max(1, rowHeight)) + 2 * Self.verticalPadding)
    }

    /// Renders the chart as an `<svg>` element ready to inline in HTML.
    public func svg() -> String {
        let shares = Percentages.wholeShares(of: points.map(\.value))
        let entries = zip(points, shares).map { point, share in
            (label: point.label, value: "\(point.displayValue) (\(share)%)")
        }
        let description = points.isEmpty ? emptyMessage : SVGDocument.dataDescription(entries)
        let chartID = ChartIdentifier.make(explicit: id, kind: "hbar", content: title + "\u{0}" + description)
        let body =
            points.isEmpty
            ? SVGDocument.emptyBody(message: emptyMessage, width: width, height: height)
            : rowsBody(shares: shares)
        return SVGDocument.render(
            width: width, height: height, id: chartID,
            title: title, description: description, body: body
        )
    }

    private func rowsBody(shares: [Int]) -> String {
        let fontSize = SVGDocument.fontSize
        let totalWidth = Double(max(1, width))
        let row = Double(max(1, rowHeight))

        let labelCapacity = TextMetrics.characterCapacity(width: totalWidth * Self.labelColumnShare, fontSize: fontSize)
        let labels = points.map { TextMetrics.truncated($0.label, maxCharacters: max(1, labelCapacity)) }
        let labelColumn = labels.map { TextMetrics.width(of: $0, fontSize: fontSize) }.max() ?? 0
        let valueTexts = points.map { "\($0.displayValue) " }
        let shareTexts = shares.map { "(\($0)%)" }
        let valueColumn =
            zip(valueTexts, shareTexts)
            .map { TextMetrics.width(of: $0 + $1, fontSize: fontSize) }.max() ?? 0

        let barStart = labelColumn + 2 * Self.gutter
        // Very long value texts would leave no room; keep a minimum bar column
        // and accept that the text may then be clipped rather than bars vanishing.
        let barColumn = max(totalWidth * 0.2, totalWidth - barStart - Self.gutter - valueColumn - Self.gutter)
        let largest = points.map(\.plottedValue).max() ?? 0
        let thickness = row * Self.barThickness

        var bars = "<g class=\"bars\" fill=\"\(XMLEscaping.escape(colour))\">\n"
        var text = "<g class=\"row-labels\" fill=\"currentColor\">\n"
        for (index, point) in points.enumerated() {
            let centre = Self.verticalPadding + (Double(index) + 0.5) * row
            let length = largest > 0 ? barColumn * point.plottedValue / largest : 0
            bars +=
                "<rect class=\"bar\" x=\"\(n(barStart))\" y=\"\(n(centre - thickness / 2))\" "
                + "width=\"\(n(length))\" height=\"\(n(thickness))\">"
                + "<title>\(XMLEscaping.escape("\(point.label): \(point.displayValue) (\(shares[index])%)"))</title></rect>\n"
            text +=
                "<text class=\"row-label\" x=\"\(n(barStart - Self.gutter))\" y=\"\(n(centre))\" dy=\"0.35em\" "
                + "text-anchor=\"end\">\(XMLEscaping.escape(labels[index]))</text>\n"
            text +=
                "<text class=\"value-label\" x=\"\(n(barStart + length + Self.gutter))\" y=\"\(n(centre))\" dy=\"0.35em\">"
                + XMLEscaping.escape(valueTexts[index])
                + "<tspan class=\"share\" fill-opacity=\"0.7\">\(XMLEscaping.escape(shareTexts[index]))</tspan></text>\n"
        }
        bars += "</g>\n"
        text += "</g>\n"
        return bars + text
    }

    private func n(_ value: Double) -> String { SVGFormatting.number(value) }
}
