/// A line chart (polyline, optional shaded area, point markers) rendered as
/// a self-contained, accessible SVG string.
///
/// Uses the same axis rules as ``BarChart``: zero-based, nice maximum, 4–5
/// labelled gridlines, thinned x labels. **Negative values are clamped to the
/// baseline** (the axis never goes below zero) while their real value stays in
/// tooltips and `<desc>`. Non-finite values are drawn and described as zero.
public struct LineChart: Sendable {
    /// Accessible name of the chart, rendered as the SVG `<title>`.
    public var title: String
    /// The points, in display order from left to right.
    public var points: [ChartPoint]
    /// Any CSS colour for line, markers and area; `currentColor` follows the text colour.
    public var colour: String
    /// Whether to shade the area between the line and the baseline.
    public var fillArea: Bool
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

    /// Creates a line chart.
    /// - Parameters:
    ///   - title: Accessible name of the chart.
    ///   - points: The points, left to right.
    ///   - colour: CSS colour of line, markers and area.
    ///   - fillArea: Whether to shade under the line.
    ///   - width: viewBox width.
    ///   - height: viewBox height.
    ///   - emptyMessage: Localised text for when there are no points.
    ///   - tickLabel: Optional formatter for y-axis values (e.g. currency).
    ///   - id: Optional DOM id prefix, needed only to reference the chart from CSS.
    public init(
        title: String,
        points: [ChartPoint],
        colour: String = "currentColor",
        fillArea: Bool = true,
        width: Int = 600,
        height: Int = 240,
        emptyMessage: String = "No data",
        tickLabel: (@Sendable (Double) -> String)? = nil,
        id: String? = nil
    ) {
        self.title = title
        self.points = points
        self.colour = colour
        self.fillArea = fillArea
        self.width = width
        self.height = height
        self.emptyMessage = emptyMessage
        self.tickLabel = tickLabel
        self.id = id
    }

    /// Low enough that gridlines stay visible through the shading.
    private static let areaOpacity = 0.15

    /// Renders the chart as an `<svg>` element ready to inline in HTML.
    public func svg() -> String {
        let entries = points.map { (label: $0.label, value: $0.displayValue) }
        let description = points.isEmpty ? emptyMessage : SVGDocument.dataDescription(entries)
        let chartID = ChartIdentifier.make(explicit: id, kind: "line", content: title + "\u{0}" + description)
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
        let fill = XMLEscaping.escape(colour)
        let coordinates = points.enumerated().map { index, point in
            (x: layout.x(index), y: layout.y(point.plottedValue))
        }
        let polyline = coordinates.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")

        var out = layout.gridMarkup()
        if fillArea, let first = coordinates.first, let last = coordinates.last {
            // Close the shape along the baseline so the shading reaches the axis.
            let area =
                "\(n(first.x)),\(n(layout.plotBottom)) " + polyline
                + " \(n(last.x)),\(n(layout.plotBottom))"
            out +=
                "<polygon class=\"area\" points=\"\(area)\" fill=\"\(fill)\" "
                + "fill-opacity=\"\(n(Self.areaOpacity))\" stroke=\"none\"/>\n"
        }
        out += layout.baselineMarkup()
        out +=
            "<polyline class=\"line\" points=\"\(polyline)\" fill=\"none\" stroke=\"\(fill)\" "
            + "stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        // Markers shrink with the slot so dense series do not turn into a thick smear.
        let radius = min(3, max(1, layout.slotWidth / 3))
        out += "<g class=\"markers\" fill=\"\(fill)\">\n"
        for (point, coordinate) in zip(points, coordinates) {
            out +=
                "<circle class=\"point\" cx=\"\(n(coordinate.x))\" cy=\"\(n(coordinate.y))\" r=\"\(n(radius))\">"
                + "<title>\(XMLEscaping.escape(point.label + ": " + point.displayValue))</title></circle>\n"
        }
        out += "</g>\n"
        return out + layout.xLabelMarkup()
    }

    private func n(_ value: Double) -> String { SVGFormatting.number(value) }
}
