import SAESConnector
import Testing

@Suite("Schedule page: GV_Horario with rooms in cells or in columns, several ranges and Saturday")
struct ScheduleParserTests {
    @Test("ctl00_ ids: room in the cell (Salón or Salon), two ranges in one cell, uneven spacing, Saturday, padding rows skipped")
    func roomInCells() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_ctl00"))
        let rows = try #require(parsed.value)
        #expect(rows.map(\.subject) == ["ANÁLISIS Y DISEÑO DE ALGORITMOS", "BASES DE DATOS", "SISTEMAS OPERATIVOS", "ÉTICA"])
        #expect(
            rows[0].meetings == [
                SAESClassMeeting(weekday: 1, start: "07:00", end: "08:30", building: "2", room: "109"),
                SAESClassMeeting(weekday: 3, start: "07:00", end: "08:30", building: "2", room: "109"),
            ])
        #expect(rows[1].meetings.map(\.start) == ["08:30", "08:30", "12:00"])
        #expect(rows[1].meetings.map(\.weekday) == [2, 4, 4])
        #expect(rows[1].meetings[0].room == nil)
        #expect(rows[1].meetings[2].room == "204")
        #expect(rows[2].meetings.map(\.weekday) == [5, 6])
        #expect(rows[2].meetings[0].end == "12:00")
        #expect(rows[2].teacher == "HERNÁNDEZ CRUZ MARIO")
        // 25:00 is not a time and "por definir" has none: both reported, the subject kept without them.
        #expect(rows[3].meetings.isEmpty)
        #expect(parsed.problems.count == 2)
    }

    @Test("mainCopy_ ids: Edificio and Salón columns, no Saturday, an unaccented Miercoles header; a short row is reported")
    func roomInColumns() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_mainCopy"))
        let rows = try #require(parsed.value)
        #expect(rows.count == 1)
        #expect(rows[0].meetings.map(\.weekday) == [1, 3, 5])
        #expect(rows[0].meetings.allSatisfy { $0.building == "3" && $0.room == "305" })
        #expect(parsed.problems == ["Row 3 has 7 cells instead of 10; it was left out."])
    }

    @Test("a page without the table is unreadable")
    func missing() throws {
        #expect(ScheduleParser.parse(try Fixture.html("empty_page")).value == nil)
    }
}
