import SAESConnector
import Testing

@Suite("Kardex page: semester tables, Spanish dates and a decimal comma")
struct KardexParserTests {
    @Test("labels, the average with a decimal comma, each semester's lines with ORD/EXT/ETS and both date forms")
    func kardex() throws {
        let parsed = KardexParser.parse(try Fixture.html("kardex"))
        let kardex = try #require(parsed.value)
        #expect(kardex.studentName == "VALERIA MONTES ARRIAGA")
        #expect(kardex.career == "INGENIERÍA EN SISTEMAS COMPUTACIONALES")
        #expect(kardex.plan == "20")
        #expect(kardex.averageHundredths == 865)
        #expect(kardex.semesters.map(\.title) == ["PRIMER SEMESTRE", "SEGUNDO SEMESTRE"])
        let first = kardex.semesters[0].lines
        #expect(first.map(\.date) == ["2023-01-16", "2023-01-16", "2023-06"])
        #expect(first.map(\.assessment) == ["ORD", "ORD", "ETS"])
        #expect(first.map(\.mark) == [.tenths(90), .tenths(100), .tenths(70)])
        let second = kardex.semesters[1].lines
        #expect(second[0].mark == .tenths(85))
        // FEB 30 is no date: the line stays, without a date, and the page says so; the 4-cell row is left out.
        #expect(second.count == 2)
        #expect(second[1].date == nil)
        #expect(parsed.problems.count == 2)
        #expect(parsed.problems.contains { $0.contains("FEB 30 2023") })
    }

    @Test("a page without Lbl_Kardex is unreadable")
    func missing() throws {
        #expect(KardexParser.parse(try Fixture.html("empty_page")).value == nil)
        #expect(KardexParser.parse(try Fixture.html("error")).value == nil)
    }
}
