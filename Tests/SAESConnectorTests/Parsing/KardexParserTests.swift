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

    @Test(
        """
        mainCopy_ ids: th title and header rows, NP, a decimal comma in a grade, MM/yyyy dates; a grade, a month and a short row that are wrong \
        are named
        """
    )
    func shortIDs() throws {
        let parsed = KardexParser.parse(try Fixture.html("kardex_mainCopy"))
        let kardex = try #require(parsed.value)
        #expect(kardex.studentName == "JOSÉ ÁNGEL RÍOS PEÑA")
        #expect(kardex.career == "INGENIERÍA EN INFORMÁTICA" && kardex.plan == "09")
        #expect(kardex.averageHundredths == 792)
        #expect(kardex.semesters.map(\.title) == ["PRIMER SEMESTRE", "SEGUNDO SEMESTRE", "TERCER SEMESTRE"])
        #expect(
            kardex.semesters[0].lines == [
                SAESKardexLine(
                    code: "I101", subject: "MATEMÁTICAS DISCRETAS", date: "2021-12-08", period: "22/1", assessment: "ORD", mark: .tenths(80)),
                SAESKardexLine(code: "I102", subject: "PROGRAMACIÓN", date: "2021-12-10", period: "22/1", assessment: "ORD", mark: .tenths(95)),
                SAESKardexLine(
                    code: "I103", subject: "CÁLCULO DIFERENCIAL E INTEGRAL", date: "2022-07", period: "22/2", assessment: "ETS", mark: .tenths(60)),
            ])
        let second = kardex.semesters[1].lines
        #expect(second.map(\.mark) == [.tenths(70), .notPresented, SAESMark.none])
        #expect(second.map(\.assessment) == ["EXT", "ORD", "ORD"])
        // Month 13 is no date: the line stays without one; the row of five cells is left out.
        #expect(kardex.semesters[2].lines.map(\.code) == ["I301"])
        #expect(kardex.semesters[2].lines.first?.date == nil && kardex.semesters[2].lines.first?.mark == .tenths(100))
        #expect(
            parsed.problems == [
                "SEGUNDO SEMESTRE, I203: “AC” is not a grade; it was left empty.",
                "TERCER SEMESTRE, I301: the date “13/2022” is not a date.",
                "TERCER SEMESTRE, row 4 has 5 cells instead of 6; it was left out.",
            ])
    }

    @Test("a page without Lbl_Kardex is unreadable")
    func missing() throws {
        #expect(KardexParser.parse(try Fixture.html("empty_page")).value == nil)
        #expect(KardexParser.parse(try Fixture.html("error")).value == nil)
        #expect(KardexParser.parse(try Fixture.html("maintenance")).problems == ["The kardex (Lbl_Kardex) is not on the page."])
    }
}
