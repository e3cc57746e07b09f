import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
@testable import SVGChart

/// Parses generated SVG with a real XML parser, so tests fail on malformed
/// output instead of trusting string matching.
struct ParsedSVG {
    let root: XMLElement

    init(_ svg: String) throws {
        let document = try XMLDocument(xmlString: svg, options: [])
        guard let root = document.rootElement() else { throw ParseError.noRoot }
        self.root = root
    }

    enum ParseError: Error { case noRoot }

    /// All descendant elements (including the root) with this local name and, optionally, class.
    func elements(_ name: String, class className: String? = nil) -> [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ element: XMLElement) {
            let local = element.localName ?? element.name ?? ""
            if local == name, className == nil || element.string("class") == className {
                found.append(element)
            }
            for child in element.children ?? [] {
                if let child = child as? XMLElement { walk(child) }
            }
        }
        walk(root)
        return found
    }

    /// The first direct or indirect element with this name.
    func first(_ name: String) -> XMLElement? { elements(name).first }
}

extension XMLElement {
    /// Looks the attribute up by scanning, because swift-corelibs-foundation's
    /// `attribute(forName:)` returns nil on elements in a default namespace.
    func string(_ attribute: String) -> String? {
        attributes?.first { $0.name == attribute }?.stringValue
    }

    /// A numeric attribute; `nil` when absent or not a plain number.
    func number(_ attribute: String) -> Double? {
        string(attribute).flatMap(Double.init)
    }

    /// Text content of the element itself, excluding `<title>` tooltips nested in it.
    var ownText: String {
        (children ?? []).filter { $0.kind == .text || ($0 as? XMLElement)?.name == "tspan" }
            .compactMap(\.stringValue).joined()
    }
}

/// Samples used across suites.
enum Sample {
    static func points(_ values: [Double]) -> [ChartPoint] {
        values.enumerated().map { ChartPoint(label: "P\($0.offset + 1)", value: $0.element) }
    }

    /// One SVG of each chart kind for the same data.
    static func allKinds(_ points: [ChartPoint], title: String = "Chart", emptyMessage: String = "No data") -> [String] {
        [
            BarChart(title: title, points: points, emptyMessage: emptyMessage).svg(),
            LineChart(title: title, points: points, emptyMessage: emptyMessage).svg(),
            HorizontalBarChart(title: title, points: points, emptyMessage: emptyMessage).svg(),
        ]
    }
}

/// Geometry attributes whose values must always be finite numbers.
let numericAttributes = ["x", "y", "x1", "x2", "y1", "y2", "width", "height", "cx", "cy", "r"]

/// Every numeric attribute in the document, with its element and attribute name.
func allNumericAttributes(_ svg: ParsedSVG) -> [(element: String, attribute: String, raw: String)] {
    var out: [(String, String, String)] = []
    for element in svg.elements("rect") + svg.elements("line") + svg.elements("text") + svg.elements("circle") {
        for name in numericAttributes {
            if let raw = element.string(name) { out.append((element.name ?? "?", name, raw)) }
        }
    }
    for element in svg.elements("polyline") + svg.elements("polygon") {
        for pair in (element.string("points") ?? "").split(separator: " ") {
            for raw in pair.split(separator: ",") { out.append((element.name ?? "?", "points", String(raw))) }
        }
    }
    return out
}
