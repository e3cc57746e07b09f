import Testing
@testable import SVGChart

@Suite("Number formatting and XML escaping")
struct FormattingTests {
    @Test(
        "numbers print with at most two decimals and a dot, never NaN, inf or -0",
        arguments: [
            (0.0, "0"), (-0.0, "0"), (-0.001, "0"), (1.5, "1.5"), (1.25, "1.25"), (1.2, "1.2"),
            (2.0, "2"), (0.05, "0.05"), (-3.456, "-3.46"), (1234567.891, "1234567.89"),
            (Double.nan, "0"), (Double.infinity, "0"), (-Double.infinity, "0"), (1e20, "100000000000000000000"),
        ])
    func numbers(value: Double, expected: String) {
        #expect(SVGFormatting.number(value) == expected)
    }

    @Test("a title of <script>&\"' is escaped as entities")
    func escapesMarkup() {
        #expect(XMLEscaping.escape("<script>&\"'") == "&lt;script&gt;&amp;&quot;&apos;")
    }

    @Test("control characters that XML forbids are dropped, tabs and newlines kept")
    func dropsControlCharacters() {
        #expect(XMLEscaping.escape("a\u{0}b\u{1B}c\td\ne") == "abc\td\ne")
    }

    @Test(
        "label thinning keeps first and last and respects the minimum gap",
        arguments: [
            (60, 6), (60, 1), (10, 3), (2, 5), (7, 100), (100, 7),
        ])
    func thinning(count: Int, gap: Int) {
        let indices = LabelThinning.visibleIndices(count: count, minimumGap: gap)
        #expect(indices.first == 0)
        #expect(indices.last == count - 1)
        for (a, b) in zip(indices, indices.dropFirst()) where indices.count > 2 {
            #expect(b - a >= gap)
        }
    }

    @Test("text truncation ends in an ellipsis and respects the limit")
    func truncation() {
        #expect(TextMetrics.truncated("Entrenamiento funcional", maxCharacters: 10) == "Entrenami…")
        #expect(TextMetrics.truncated("Yoga", maxCharacters: 10) == "Yoga")
    }

    @Test("whole-percent shares add up to exactly 100 using largest remainders")
    func shares() {
        #expect(Percentages.wholeShares(of: [1, 1, 1]) == [34, 33, 33])
        #expect(Percentages.wholeShares(of: [0, 0]) == [0, 0])
        #expect(Percentages.wholeShares(of: [-4, 4]) == [0, 100])
        #expect(Percentages.wholeShares(of: [.greatestFiniteMagnitude, .greatestFiniteMagnitude]) == [50, 50])
    }
}
