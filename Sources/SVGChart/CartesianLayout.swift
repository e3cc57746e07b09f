/// Geometry shared by the vertical bar and line charts: a plot area with
/// one slot per point, a zero-based nice y axis, and thinned x labels.
struct CartesianLayout: Sendable {
    /// Longest x label printed before truncation, so one long category
    /// name cannot starve the others of space.
    static let maxXLabelCharacters = 16
    /// Room above the plot for value labels over the tallest bar.
    static let topMargin = 20.0
    /// Horizontal breathing room between neighbouring x labels.
    static let labelPadding = 8.0

    let width: Double
    let height: Double
    let plotLeft: Double
    let plotRight: Double
    let plotTop: Double
    let plotBottom: Double
    let scale: NiceScale
    let count: Int
    /// Truncated x labels, one per point.
    let xLabels: [String]
    let tickLabels: [String]

    /// - Parameters:
    ///   - points: The data; its count defines the slots.
    ///   - tickLabel: Formats y-axis gridline values.
    init(width: Int, height: Int, points: [ChartPoint], tickLabel: (Double) -> String) {
        let fontSize = SVGDocument.fontSize
        self.width = Double(max(1, width))
        self.height = Double(max(1, height))
        count = points.count
        scale = NiceScale(covering: points.map(\.plottedValue).max() ?? 0)
        tickLabels = scale.ticks.map(tickLabel)
        xLabels = points.map { TextMetrics.truncated($0.label, maxCharacters: Self.maxXLabelCharacters) }

        let tickWidth = tickLabels.map { TextMetrics.width(of: $0, fontSize: fontSize) }.max() ?? 0
        // First/last labels are centred on their slots and always printed, so
        // the margins must absorb whatever half of them overhangs the slot.
        let roughSlot = max(1, self.width - tickWidth - 18) / Double(max(1, count))
        let firstHalf = TextMetrics.width(of: xLabels.first ?? "", fontSize: fontSize) / 2
        let lastHalf = TextMetrics.width(of: xLabels.last ?? "", fontSize: fontSize) / 2
        let left = max(tickWidth + 8, firstHalf - roughSlot / 2 + 2)
        let right = max(10, lastHalf - roughSlot / 2 + 2)
        let bottom = fontSize + 12

        // Tiny sizes still produce positive dimensions rather than inverted rects.
        plotLeft = min(left, self.width - 1)
        plotRight = max(plotLeft + 1, self.width - right)
        plotTop = min(Self.topMargin, self.height - 1)
        plotBottom = max(plotTop + 1, self.height - bottom)
    }

    var plotWidth: Double { plotRight - plotLeft }
    var plotHeight: Double { plotBottom - plotTop }

    /// Width of one point's slot.
    var slotWidth: Double { plotWidth / Double(max(1, count)) }

    /// Horizontal centre of slot `index`.
    func x(_ index: Int) -> Double {
        plotLeft + (Double(index) + 0.5) * slotWidth
    }

    /// Vertical position of `value`; negatives sit on the baseline and
    /// values above the axis maximum are capped at the top.
    func y(_ value: Double) -> Double {
        plotBottom - scale.fraction(of: value) * plotHeight
    }

    /// Indices of the x labels that fit without overlapping.
    var visibleLabelIndices: [Int] {
        let widest = xLabels.map { TextMetrics.width(of: $0, fontSize: SVGDocument.fontSize) }.max() ?? 0
        let needed = widest + Self.labelPadding
        let gap = Int((needed / max(slotWidth, 0.01)).rounded(.up))
        return LabelThinning.visibleIndices(count: count, minimumGap: gap)
    }

    /// Horizontal gridlines with their value labels; drawn first so the data sits on top.
    func gridMarkup() -> String {
        var out = "<g class=\"grid\">\n"
        for tick in scale.ticks where tick > 0 {
            let y = SVGFormatting.number(self.y(tick))
            out +=
                "<line x1=\"\(n(plotLeft))\" y1=\"\(y)\" x2=\"\(n(plotRight))\" y2=\"\(y)\" "
                + "stroke=\"currentColor\" stroke-opacity=\"0.15\"/>\n"
        }
        for (tick, label) in zip(scale.ticks, tickLabels) {
            out +=
                "<text class=\"y-label\" x=\"\(n(plotLeft - 6))\" y=\"\(n(y(tick)))\" dy=\"0.35em\" "
                + "text-anchor=\"end\" fill=\"currentColor\" fill-opacity=\"0.7\">"
                + XMLEscaping.escape(label) + "</text>\n"
        }
        return out + "</g>\n"
    }

    /// The axis line at zero; drawn last so bars do not cover it.
    func baselineMarkup() -> String {
        "<line class=\"baseline\" x1=\"\(n(plotLeft))\" y1=\"\(n(plotBottom))\" "
            + "x2=\"\(n(plotRight))\" y2=\"\(n(plotBottom))\" stroke=\"currentColor\" stroke-opacity=\"0.6\"/>\n"
    }

    /// Category labels under the plot, thinned so they do not overlap.
    func xLabelMarkup() -> String {
        let y = n(plotBottom + SVGDocument.fontSize + 4)
        var out = "<g class=\"x-labels\" text-anchor=\"middle\" fill=\"currentColor\" fill-opacity=\"0.7\">\n"
        for index in visibleLabelIndices {
            out +=
                "<text class=\"x-label\" x=\"\(n(x(index)))\" y=\"\(y)\">"
                + XMLEscaping.escape(xLabels[index]) + "</text>\n"
        }
        return out + "</g>\n"
    }

    private func n(_ value: Double) -> String { SVGFormatting.number(value) }
}
