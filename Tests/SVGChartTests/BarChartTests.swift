import Foundation
import Testing
@testable import SVGChart
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Bar charts")
struct BarChartTests {
    @Test("axis maxima round up to 1, 2, 2.5 or 5 × 10ⁿ")
    func niceScale() {
        #expect(NiceScale(dataMaximum: 7).maximum == 10)
        #expect(NiceScale(dataMaximum: 0).maximum == 1)
        #expect(NiceScale(dataMaximum: 1234).maximum == 2000)
        #expect(NiceScale(dataMaximum: 0.3).maximum == 0.5)
        #expect(NiceScale(dataMaximum: 22).maximum == 25)
        #expect(NiceScale(dataMaximum: 5).ticks == [0, 1, 2, 3, 4, 5])
    }

    @Test("bar heights are proportional to the values")
    func proportional() throws {
        let svg = BarChart(title: "Asistencias", points: [ChartPoint(label: "2026-09", value: 2), ChartPoint(label: "2026-10", value: 4), ChartPoint(label: "2026-11", value: 8)]).svg()
        let heights = svg.matches(of: /<rect [^>]*height="([0-9.]+)"/).map { Double($0.1)! }
        #expect(heights.count == 3)
        #expect(abs(heights[1] / heights[0] - 2) < 0.01 && abs(heights[2] / heights[0] - 4) < 0.01)
        #expect(svg.contains("<desc id=") && svg.contains("2026-10: 4"))
    }

    @Test("with many bars the x labels thin out but keep the first and the last")
    func labels() {
        let indices = BarChart.labelIndices(count: 60, maximum: 10)
        #expect(indices.contains(0) && indices.contains(59))
        #expect(indices.count <= 10)
    }

    @Test("titles are escaped, empty and all-zero charts are valid XML without NaN")
    func safety() throws {
        let hostile = BarChart(title: "<script>&\"'", points: [ChartPoint(label: "a<b", value: -3)]).svg()
        #expect(hostile.contains("&lt;script&gt;&amp;&quot;&apos;") && !hostile.contains("<script>"))
        for svg in [BarChart(title: "x", points: [], emptyMessage: "Sin datos").svg(),
                    BarChart(title: "x", points: [ChartPoint(label: "a", value: 0), ChartPoint(label: "b", value: 0)]).svg(), hostile] {
            #expect(!svg.contains("NaN") && !svg.contains("inf"))
            _ = try XMLDocument(xmlString: svg, options: [])
        }
        #expect(BarChart(title: "x", points: [], emptyMessage: "Sin datos").svg().contains("Sin datos"))
    }
}
