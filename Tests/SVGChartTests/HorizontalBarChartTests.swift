import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import SVGChart

@Suite("Horizontal bar chart")
struct HorizontalBarChartTests {
    private let points = [
        ChartPoint(label: "Yoga", value: 450, valueLabel: "S/ 450,00"),
        ChartPoint(label: "Pilates", value: 300, valueLabel: "S/ 300,00"),
        ChartPoint(label: "Spinning", value: 175.5, valueLabel: "S/ 175,50"),
        ChartPoint(label: "Funcional", value: 74.5, valueLabel: "S/ 74,50"),
    ]

    private func percentages(_ svg: ParsedSVG) -> [Int] {
        svg.elements("tspan", class: "share").compactMap { node in
            node.stringValue.flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "()%"))) }
        }
    }

    @Test("each row has its label, a bar, its value label and a percentage")
    func rows() throws {
        let svg = try ParsedSVG(HorizontalBarChart(title: "Ingresos por clase", points: points).svg())
        #expect(svg.elements("text", class: "row-label").map(\.ownText) == ["Yoga", "Pilates", "Spinning", "Funcional"])
        #expect(svg.elements("rect", class: "bar").count == 4)
        let values = svg.elements("text", class: "value-label").map(\.ownText)
        #expect(values.first == "S/ 450,00 (45%)")
        #expect(percentages(svg) == [45, 30, 18, 7])
    }

    @Test(
        "percentages sum to 100",
        arguments: [
            [1.0, 1, 1], [450, 300, 175.5, 74.5], [0.1, 0.2, 0.3, 0.4, 99], [7, 0, 3, -2], (1...23).map(Double.init),
        ] as [[Double]])
    func percentagesSum(values: [Double]) throws {
        let svg = try ParsedSVG(HorizontalBarChart(title: "t", points: Sample.points(values)).svg())
        let shares = percentages(svg)
        #expect(shares.count == values.count)
        #expect(shares.reduce(0, +) == 100)
    }

    @Test("bar lengths are proportional to the values, the largest spanning the bar column")
    func lengths() throws {
        let svg = try ParsedSVG(HorizontalBarChart(title: "t", points: points).svg())
        let widths = svg.elements("rect", class: "bar").compactMap { $0.number("width") }
        try #require(widths.count == points.count)
        for (width, point) in zip(widths, points) {
            #expect(abs(width / widths[0] - point.value / points[0].value) < 0.01)
        }
        let viewBoxWidth = 600.0
        let barX = try #require(svg.elements("rect", class: "bar").first?.number("x"))
        #expect(barX + widths[0] < viewBoxWidth)
    }

    @Test("the height grows with the number of rows")
    func height() {
        let short = HorizontalBarChart(title: "t", points: Sample.points([1, 2]))
        let long = HorizontalBarChart(title: "t", points: Sample.points(Array(repeating: 1, count: 20)))
        #expect(long.height > short.height)
        #expect(long.svg().contains("viewBox=\"0 0 600 \(long.height)\""))
    }

    @Test("all-zero rows show 0% and zero-width bars")
    func allZero() throws {
        let output = HorizontalBarChart(title: "t", points: Sample.points([0, 0, 0])).svg()
        let svg = try ParsedSVG(output)
        #expect(percentages(svg) == [0, 0, 0])
        #expect(svg.elements("rect", class: "bar").allSatisfy { $0.number("width") == 0 })
    }
}
