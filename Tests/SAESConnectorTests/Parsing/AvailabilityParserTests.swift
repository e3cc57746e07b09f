import SAESConnector
import Testing

@Suite("Course availability page: the filter form and dbgHorarios in both id styles")
struct AvailabilityParserTests {
    @Test(
        "ctl00_ ids: the filter lists with their selected options and hidden fields; 11-cell rows read; 10-, 12- and 1-cell rows named, not guessed")
    func classicPage() throws {
        let parsed = AvailabilityParser.parse(try Fixture.html("availability_ctl00"))
        let page = try #require(parsed.value)
        #expect(page.options(.career).map(\.value) == ["C", "I"])
        #expect(page.options(.career).first?.label == "INGENIERÍA EN SISTEMAS COMPUTACIONALES")
        #expect(page.selected(.career) == "C")
        #expect(page.options(.plan).map(\.value) == ["09", "20"] && page.selected(.plan) == "20")
        #expect(page.selected(.shift) == "M" && page.selected(.periods) == "3")
        #expect(page.options(.sequences).map(\.value) == ["3CM1", "3CV1"])
        // What the next postback must carry back unchanged.
        #expect(
            page.form.hiddenFields.map(\.name) == ["__EVENTTARGET", "__EVENTARGUMENT", "__VIEWSTATE", "__VIEWSTATEGENERATOR", "__EVENTVALIDATION"])

        #expect(page.groups.map(\.subject) == ["BASES DE DATOS", "SISTEMAS OPERATIVOS", "COMPILADORES"])
        #expect(
            page.groups[0]
                == SAESOfferedGroup(
                    group: "3CM1", subject: "BASES DE DATOS", teacher: "LÓPEZ RAMÍREZ ELENA", building: "1", room: "204",
                    times: ["", "8:30 - 10:00", "", "8:30 - 10:00", "", ""]))
        #expect(page.groups[1].times == ["7:00 - 8:30", "", "7:00 - 8:30", "", "10:30 - 12:00", "9:00 - 11:00"])
        #expect(page.groups[2].room == "012" && page.groups[2].teacher == "RAMÍREZ SOTO JULIO")
        // A row missing Saturday is not shifted into place, a row with an extra cell is not cut, the pager is no group.
        #expect(
            parsed.problems == [
                "Row 4 has 10 cells instead of 11; it was left out.",
                "Row 5 has 12 cells instead of 11; it was left out.",
                "Row 7 has 1 cells instead of 11; it was left out.",
            ])
        #expect(!page.groups.contains { $0.subject == "ANÁLISIS DE ALGORITMOS" || $0.subject == "REDES" })
    }

    @Test("mainCopy_ ids: a td header and a tbody; a 12-cell row named, a blank padding row skipped without a problem")
    func shortIDs() throws {
        let parsed = AvailabilityParser.parse(try Fixture.html("availability_mainCopy"))
        let page = try #require(parsed.value)
        #expect(page.selected(.career) == "F" && page.selected(.shift) == "V")
        #expect(page.options(.sequences).isEmpty)
        #expect(page.groups.map(\.group) == ["5NV51", "5NV52"])
        #expect(page.groups.map(\.subject) == ["INGENIERÍA DE SOFTWARE", "MERCADOTECNIA"])
        #expect(page.groups[1].times == ["", "", "17:30 - 19:00", "", "17:30 - 19:00", ""])
        #expect(page.groups.allSatisfy { !$0.group.isEmpty && $0.times.count == 6 })
        #expect(parsed.problems == ["Row 3 has 12 cells instead of 11; it was left out."])
    }

    @Test("before a search the filters come without groups or problems; a page without the filter form is unreadable")
    func filtersOnlyAndMissing() throws {
        var html = try Fixture.html("availability_ctl00")
        let table = try #require(html.range(of: "<table cellspacing=\"0\" rules=\"all\" border=\"1\" id=\"ctl00_mainCopy_dbgHorarios\""))
        let tableEnd = try #require(html.range(of: "</table>", range: table.upperBound..<html.endIndex))
        html.removeSubrange(table.lowerBound..<tableEnd.upperBound)
        let filters = AvailabilityParser.parse(html)
        #expect(filters.value?.groups.isEmpty == true && filters.problems.isEmpty)
        #expect(filters.value?.options(.career).count == 2)

        for name in ["empty_page", "maintenance", "grades_ctl00", "error"] {
            let missing = AvailabilityParser.parse(try Fixture.html(name))
            #expect(missing.value == nil, "\(name)")
            #expect(missing.problems.count == 1 && missing.problems[0].contains("cboCarrera"), "\(name)")
        }
    }
}
