import SAESConnector
import Testing

@Suite("Group occupancy page: GrvOcupabilidad in both id styles")
struct OccupancyParserTests {
    @Test(
        """
        ctl00_ ids: group, key, subject, semester, quota and enrolled; a short row, a quota that is not a count, a negative and an overflowing \
        count are named and left out
        """
    )
    func classicPage() throws {
        let parsed = OccupancyParser.parse(try Fixture.html("occupancy_ctl00"))
        let groups = try #require(parsed.value)
        #expect(
            groups == [
                SAESGroupOccupancy(group: "3CM1", subjectCode: "C301", subject: "BASES DE DATOS", semester: "3", quota: 40, enrolled: 38),
                SAESGroupOccupancy(group: "3CM1", subjectCode: "C305", subject: "SISTEMAS OPERATIVOS", semester: "3", quota: 35, enrolled: 35),
                // Over-enrolled groups happen: the figures are SAES's, not corrected.
                SAESGroupOccupancy(group: "5CM1", subjectCode: "C501", subject: "INGENIERÍA DE SOFTWARE", semester: "5", quota: 30, enrolled: 31),
            ])
        #expect(parsed.problems.count == 4)
        #expect(parsed.problems[0] == "Row 4 has 5 cells instead of 6; it was left out.")
        #expect(parsed.problems[1].hasPrefix("Row 5:") && parsed.problems[1].contains("“N/D”"))
        #expect(parsed.problems[2].hasPrefix("Row 6:") && parsed.problems[2].contains("“-2”"))
        #expect(parsed.problems[3].hasPrefix("Row 7:") && parsed.problems[3].contains("is not a count"))
    }

    @Test("mainCopy_ ids: a td header is skipped, enrolled in words and a note row are named")
    func shortIDs() throws {
        let parsed = OccupancyParser.parse(try Fixture.html("occupancy_mainCopy"))
        let groups = try #require(parsed.value)
        #expect(groups.map(\.subject) == ["CÁLCULO"])
        #expect(groups.first?.quota == 45 && groups.first?.enrolled == 45)
        #expect(parsed.problems.count == 2)
        #expect(parsed.problems[0].hasPrefix("Row 3:") && parsed.problems[0].contains("“cuarenta”"))
        #expect(parsed.problems[1] == "Row 4 has 1 cells instead of 6; it was left out.")
    }

    @Test("a page without GrvOcupabilidad is unreadable")
    func missing() throws {
        for name in ["empty_page", "maintenance", "availability_ctl00", "error"] {
            let missing = OccupancyParser.parse(try Fixture.html(name))
            #expect(missing.value == nil, "\(name)")
            #expect(missing.problems.count == 1 && missing.problems[0].contains("GrvOcupabilidad"), "\(name)")
        }
    }
}
