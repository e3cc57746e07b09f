import HTMLQuery
import SAESConnector
import Testing

@Suite("ENCB's kardex: the name in a nested BOLETA/NOMBRE table, `Ene  6 2024` dates, a notice inside the panel")
struct KardexNestedNameTests {
    @Test("the name comes out without its labels or the boleta; career, plan and the average with a decimal comma read")
    func header() throws {
        let kardex = try #require(KardexParser.parse(try Fixture.html("kardex_nested_name")).value)
        #expect(kardex.studentName == "ABRIL JOCELYN NAVARRETE OLVERA")
        #expect(kardex.career == "INGENIERÍA BIOQUÍMICA" && kardex.plan == "18")
        #expect(kardex.averageHundredths == 876)
    }

    @Test("`Forma Eval.` / `Calificacion` headers, title-case dates padded with a space, and the informative notice is no semester")
    func semesters() throws {
        let html = try Fixture.html("kardex_nested_name")
        // As on the real page, the notice table ends up inside the kardex label (its span is never closed).
        #expect(HTMLDocument(html: html).first("//*[@id='ctl00_mainCopy_Lbl_Kardex']")?.cleanText.contains("solamente informativo") == true)
        let parsed = KardexParser.parse(html)
        let kardex = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(kardex.semesters.map(\.title) == ["PRIMER SEMESTRE", "SEGUNDO SEMESTRE"])
        #expect(
            kardex.semesters[0].lines == [
                SAESKardexLine(code: "0111", subject: "QUÍMICA GENERAL", date: "2024-01-06", period: "24/1", assessment: "ORD", mark: .tenths(80)),
                SAESKardexLine(code: "0112", subject: "BIOLOGÍA CELULAR", date: "2024-01-19", period: "24/1", assessment: "ORD", mark: .tenths(90)),
                SAESKardexLine(code: "0113", subject: "CÁLCULO", date: "2024-02-02", period: "24/1", assessment: "EXT", mark: .tenths(70)),
            ])
        #expect(kardex.semesters[1].lines.map(\.date) == ["2024-06-07", "2024-12-13"])
        #expect(kardex.semesters[1].lines.map(\.mark) == [.tenths(100), .tenths(60)])
    }
}
