import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import SVGChart

@Suite("Line chart")
struct LineChartTests {
    private func coordinates(_ element: XMLElement?) -> [(x: Double, y: Double)] {
        (element?.string("points") ?? "").split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: ",").compactMap { Double(String($0)) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    @Test("the polyline and markers have one vertex per point, proportional to the values")
    func polyline() throws {
        let values: [Double] = [4, 8, 2, 6]
        let svg = try ParsedSVG(LineChart(title: "Clases", points: Sample.points(values)).svg())
        let line = coordinates(svg.elements("polyline", class: "line").first)
        try #require(line.count == values.count)
        #expect(svg.elements("circle", class: "point").count == values.count)
        let baseline = try #require(svg.elements("line", class: "baseline").first?.number("y1"))
        for (vertex, value) in zip(line, values) {
            #expect(abs((baseline - vertex.y) / (baseline - line[0].y) - value / values[0]) < 0.01)
        }
        #expect(line.map(\.x) == line.map(\.x).sorted())
    }

    @Test("the area fill closes along the baseline, at low opacity, only when asked")
    func area() throws {
        let points = Sample.points([1, 3, 2])
        let filled = try ParsedSVG(LineChart(title: "t", points: points, colour: "teal").svg())
        let area = try #require(filled.elements("polygon", class: "area").first)
        let baseline = try #require(filled.elements("line", class: "baseline").first?.number("y1"))
        let vertices = coordinates(area)
        #expect(vertices.count == points.count + 2)
        #expect(vertices.first?.y == baseline)
        #expect(vertices.last?.y == baseline)
        #expect(area.string("fill") == "teal")
        #expect((area.number("fill-opacity") ?? 1) <= 0.3)

        let plain = try ParsedSVG(LineChart(title: "t", points: points, fillArea: false).svg())
        #expect(plain.elements("polygon").isEmpty)
    }

    @Test("a single point renders a marker without NaN")
    func singlePoint() throws {
        let output = LineChart(title: "t", points: Sample.points([3])).svg()
        let svg = try ParsedSVG(output)
        #expect(svg.elements("circle", class: "point").count == 1)
        #expect(!output.contains("NaN"))
    }
}
