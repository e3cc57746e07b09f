/// The accessible outer shell shared by every chart.
///
/// `role="img"` makes assistive technology treat the drawing as one image
/// whose name is the `<title>` and whose description is the `<desc>`; the
/// `<desc>` carries the data as plain text because the shapes themselves
/// are not announced.
enum SVGDocument {
    /// Font size of all chart text, in user units.
    static let fontSize = 12.0

    /// Wraps `body` in an `<svg>` element with title, description and sizing.
    /// - Parameters:
    ///   - width: viewBox width in user units (at least 1).
    ///   - height: viewBox height in user units (at least 1).
    ///   - id: Prefix for the `<title>`/`<desc>` ids, already XML-safe.
    ///   - title: Unescaped chart title.
    ///   - description: Unescaped text alternative listing the data.
    ///   - body: Already-escaped SVG markup.
    static func render(
        width: Int, height: Int, id: String,
        title: String, description: String, body: String
    ) -> String {
        let titleID = id + "-title"
        let descID = id + "-desc"
        // width="100%" plus height:auto lets the viewBox aspect ratio size the
        // chart to its container, which is what server-rendered pages want.
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="svgchart" \
            viewBox="0 0 \(max(1, width)) \(max(1, height))" width="100%" \
            style="height:auto;display:block" role="img" \
            aria-labelledby="\(titleID)" aria-describedby="\(descID)" \
            font-family="inherit" font-size="\(SVGFormatting.number(fontSize))">
            <title id="\(titleID)">\(XMLEscaping.escape(title))</title>
            <desc id="\(descID)">\(XMLEscaping.escape(description))</desc>
            \(body)</svg>
            """
    }

    /// The centred message shown instead of a plot when there is no data;
    /// the chart keeps its size so the page layout does not jump.
    static func emptyBody(message: String, width: Int, height: Int) -> String {
        let x = SVGFormatting.number(Double(max(1, width)) / 2)
        let y = SVGFormatting.number(Double(max(1, height)) / 2)
        return """
            <text class="empty" x="\(x)" y="\(y)" dy="0.35em" text-anchor="middle" \
            fill="currentColor" fill-opacity="0.7">\(XMLEscaping.escape(message))</text>

            """
    }

    /// `"label: value; label: value"` — the text alternative for the data.
    static func dataDescription(_ entries: [(label: String, value: String)]) -> String {
        entries.map { "\($0.label): \($0.value)" }.joined(separator: "; ")
    }
}
