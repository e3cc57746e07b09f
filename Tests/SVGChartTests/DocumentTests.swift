import Testing
@testable import SVGChart

@Suite("Every chart's SVG document")
struct DocumentTests {
    private static let points = [
        ChartPoint(label: "Lunes", value: 3, valueLabel: "3 clases"),
        ChartPoint(label: "Martes & <Miércoles>", value: 5.25),
        ChartPoint(label: "Jueves", value: 0),
    ]

    @Test("parses as XML and carries viewBox, role, width, font and title/desc wiring")
    func accessibleShell() throws {
        for output in Sample.allKinds(Self.points, title: "Semana") {
            let svg = try ParsedSVG(output)
            let root = svg.root
            #expect(root.localName == "svg")
            #expect(root.string("viewBox")?.hasPrefix("0 0 600 ") == true)
            #expect(root.string("role") == "img")
            #expect(root.string("width") == "100%")
            #expect(root.string("font-family") == "inherit")
            let title = try #require(svg.first("title"))
            #expect(root.string("aria-labelledby") == title.string("id"))
            #expect(title.stringValue == "Semana")
            let desc = try #require(svg.first("desc"))
            #expect(root.string("aria-describedby") == desc.string("id"))
        }
    }

    @Test("the <desc> lists every point's label and value")
    func descriptionListsData() throws {
        for output in Sample.allKinds(Self.points) {
            let desc = try #require(try ParsedSVG(output).first("desc")?.stringValue)
            #expect(desc.contains("Lunes: 3 clases"))
            #expect(desc.contains("Martes & <Miércoles>: 5.25"))
            #expect(desc.contains("Jueves: 0"))
        }
    }

    @Test("a title of <script>&\"' is escaped in the markup and round-trips through a parser")
    func escapedTitle() throws {
        let hostile = "<script>&\"'"
        for output in Sample.allKinds(Sample.points([1, 2]) + [ChartPoint(label: hostile, value: 3)], title: hostile) {
            #expect(!output.contains("<script>"))
            #expect(output.contains("&lt;script&gt;&amp;&quot;&apos;"))
            let svg = try ParsedSVG(output)
            #expect(svg.first("title")?.stringValue == hostile)
        }
    }

    @Test("empty data renders a valid SVG showing the caller's message")
    func empty() throws {
        for output in Sample.allKinds([], emptyMessage: "Sin datos") {
            let svg = try ParsedSVG(output)
            #expect(svg.elements("text", class: "empty").first?.stringValue == "Sin datos")
            #expect(svg.first("desc")?.stringValue == "Sin datos")
            #expect(svg.elements("rect").isEmpty)
            assertFiniteGeometry(output, svg)
        }
    }

    @Test(
        "degenerate data never prints NaN or infinity",
        arguments: [
            [0.0, 0, 0], [0], [-1, -2], [.nan, 3], [.infinity, 1], [-.infinity], [1e-300, 0], [1e305, 1e306],
        ] as [[Double]])
    func degenerate(values: [Double]) throws {
        for output in Sample.allKinds(Sample.points(values)) {
            assertFiniteGeometry(output, try ParsedSVG(output))
        }
    }

    @Test("a very small viewBox still produces non-negative sizes")
    func tinyViewBox() throws {
        let points = Sample.points([1, 2, 3])
        for output in [
            BarChart(title: "t", points: points, width: 10, height: 5).svg(),
            LineChart(title: "t", points: points, width: 0, height: -3).svg(),
            HorizontalBarChart(title: "t", points: points, width: 1, rowHeight: 0).svg(),
        ] {
            assertFiniteGeometry(output, try ParsedSVG(output))
        }
    }

    @Test("ids are deterministic, differ between charts and honour an explicit id")
    func identifiers() throws {
        let a = BarChart(title: "A", points: Self.points)
        let b = BarChart(title: "B", points: Self.points)
        #expect(a.svg() == a.svg())
        let idA = try ParsedSVG(a.svg()).first("title")?.string("id")
        let idB = try ParsedSVG(b.svg()).first("title")?.string("id")
        #expect(idA != idB)
        let custom = BarChart(title: "A", points: Self.points, id: "9 ingresos\"<").svg()
        #expect(try ParsedSVG(custom).first("title")?.string("id") == "c9ingresos-title")
    }

    @Test("a custom tick formatter labels the y axis")
    func tickFormatter() throws {
        let chart = LineChart(title: "t", points: Sample.points([90]), tickLabel: { "S/ \(Int($0))" })
        let labels = try ParsedSVG(chart.svg()).elements("text", class: "y-label").map(\.ownText)
        #expect(labels == ["S/ 0", "S/ 20", "S/ 40", "S/ 60", "S/ 80", "S/ 100"])
    }

    private func assertFiniteGeometry(_ output: String, _ svg: ParsedSVG, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!output.contains("NaN"), sourceLocation: sourceLocation)
        #expect(!output.lowercased().contains("inf"), sourceLocation: sourceLocation)
        for (element, attribute, raw) in allNumericAttributes(svg) {
            let value = Double(raw)
            #expect(value?.isFinite == true, "\(element) \(attribute)=\(raw)", sourceLocation: sourceLocation)
            if attribute == "width" || attribute == "height" || attribute == "r" {
                #expect((value ?? -1) >= 0, "\(element) \(attribute)=\(raw)", sourceLocation: sourceLocation)
            }
        }
    }
}
