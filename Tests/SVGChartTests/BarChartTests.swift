import Testing
@testable import SVGChart

@Suite("Bar chart")
struct BarChartTests {
    @Test("bar heights are proportional to the values")
    func proportionalHeights() throws {
        let values: [Double] = [10, 20, 40, 5, 35]
        let svg = try ParsedSVG(BarChart(title: "Ventas", points: Sample.points(values)).svg())
        let heights = svg.elements("rect", class: "bar").compactMap { $0.number("height") }
        try #require(heights.count == values.count)
        for (height, value) in zip(heights, values) {
            // Heights are printed with two decimals, hence the tolerance.
            #expect(abs(height / heights[0] - value / values[0]) < 0.01, "\(height) for \(value)")
        }
    }

    @Test("a bar at the axis maximum reaches the top gridline and shares the baseline")
    func barsSitOnTheAxis() throws {
        let svg = try ParsedSVG(BarChart(title: "t", points: Sample.points([50, 25])).svg())
        let bars = svg.elements("rect", class: "bar")
        let baseline = try #require(svg.elements("line", class: "baseline").first?.number("y1"))
        let gridYs = svg.elements("line").compactMap { $0.number("y1") }
        let tallest = try #require(bars.first)
        #expect(tallest.number("y") == gridYs.min())
        for bar in bars {
            let bottom = try #require(bar.number("y")) + (try #require(bar.number("height")))
            #expect(abs(bottom - baseline) < 0.011)
        }
    }

    @Test("the y axis labels 4–5 gridlines above zero with nice values")
    func gridlines() throws {
        let svg = try ParsedSVG(BarChart(title: "t", points: Sample.points([3, 7, 1])).svg())
        let labels = svg.elements("text", class: "y-label").map(\.ownText)
        #expect(labels == ["0", "2", "4", "6", "8", "10"])
    }

    @Test("with 60 points the x labels are thinned, keep first and last, and do not overlap")
    func thinning() throws {
        let points = (1...60).map { ChartPoint(label: "Día \($0)", value: Double($0 % 7)) }
        let svg = try ParsedSVG(BarChart(title: "Asistencia", points: points).svg())
        let labels = svg.elements("text", class: "x-label")
        let texts = labels.map(\.ownText)
        #expect(texts.first == "Día 1")
        #expect(texts.last == "Día 60")
        #expect(texts.count >= 3)
        #expect(texts.count <= 12)
        let xs = labels.compactMap { $0.number("x") }
        let widest = TextMetrics.width(of: "Día 60", fontSize: SVGDocument.fontSize)
        for (a, b) in zip(xs, xs.dropFirst()) {
            #expect(b - a >= widest, "labels at \(a) and \(b) would overlap")
        }
    }

    @Test("a handful of points shows every x label and every value label")
    func fewPointsShowEverything() throws {
        let points = [
            ChartPoint(label: "Ene", value: 120, valueLabel: "S/ 120,00"),
            ChartPoint(label: "Feb", value: 80, valueLabel: "S/ 80,00"),
            ChartPoint(label: "Mar", value: 95.5),
        ]
        let svg = try ParsedSVG(BarChart(title: "Ingresos", points: points).svg())
        #expect(svg.elements("text", class: "x-label").map(\.ownText) == ["Ene", "Feb", "Mar"])
        #expect(svg.elements("text", class: "value-label").map(\.ownText) == ["S/ 120,00", "S/ 80,00", "95.5"])
    }

    @Test("value labels are dropped when the bars are too narrow for them")
    func crowdedValueLabels() throws {
        let points = (1...60).map { ChartPoint(label: "\($0)", value: 1000 + Double($0)) }
        let svg = try ParsedSVG(BarChart(title: "t", points: points).svg())
        #expect(svg.elements("text", class: "value-label").isEmpty)
    }

    @Test("negative values clamp to the baseline but keep their printed value")
    func negatives() throws {
        let svg = try ParsedSVG(BarChart(title: "t", points: Sample.points([-5, 10])).svg())
        let heights = svg.elements("rect", class: "bar").compactMap { $0.number("height") }
        #expect(heights.first == 0)
        #expect((heights.last ?? 0) > 0)
        #expect(svg.elements("text", class: "value-label").first?.ownText == "-5")
        #expect(svg.first("desc")?.stringValue?.contains("P1: -5") == true)
    }

    @Test("the colour is applied to the bars and escaped")
    func colour() throws {
        let svg = try ParsedSVG(BarChart(title: "t", points: Sample.points([1]), colour: "#0a7\"").svg())
        #expect(svg.elements("g").first { $0.string("class") == "bars" }?.string("fill") == "#0a7\"")
    }
}
