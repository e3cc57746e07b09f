import SAESConnector
import Testing

@Suite("ESIME Culhuacán's 16-column schedule: Secuencia, Materia as clave, Descripcion, slots per teacher")
struct ESIMEScheduleTests {
    @Test("groups, claves, names and teachers come from their own columns; SIN ASIGNAR is no teacher")
    func columns() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_esime"))
        let rows = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.group) == Array(repeating: "2EV3", count: 5))
        #expect(rows.map(\.subjectCode) == ["E611", "E614", "E615", "E616", "E617"])
        #expect(
            rows.map(\.subject) == [
                "CIRCUITOS DIGITALES", "MAQUINAS ELECTRICAS II", "CONTROL ANALOGICO", "TEORIA ELECTROMAGNETICA", "PROYECTO TERMINAL",
            ])
        #expect(
            rows.map(\.teacher) == [
                "ORTEGA BRISEÑO LAURA",
                "ROBLES FIERRO ANDRES, CASTRO LEMUS PAULINA",
                "IBAñEZ TREJO GONZALO, ROBLES FIERRO ANDRES",
                "CASTRO LEMUS PAULINA",
                "ROBLES FIERRO ANDRES, ORTEGA BRISEÑO LAURA, IBAñEZ TREJO GONZALO",
            ])
    }

    @Test("a range repeated in each teacher's slot is one meeting; a range in the second slot only is kept; buildings and rooms come slot by slot")
    func oneMeetingPerRange() throws {
        let rows = try #require(ScheduleParser.parse(try Fixture.html("schedule_esime")).value)
        func week(_ row: SAESScheduleRow) -> [String] { row.meetings.map { "\($0.weekday) \($0.start)-\($0.end)" } }
        #expect(week(rows[0]) == ["1 17:30-19:00", "3 17:30-19:00", "5 17:30-19:00"])
        #expect(week(rows[1]) == ["1 19:00-20:30", "3 19:00-20:30", "5 19:00-20:30"])
        #expect(week(rows[2]) == ["1 20:30-22:00", "2 19:00-20:30", "4 19:00-20:30"])
        #expect(week(rows[3]) == ["1 16:00-17:30", "3 16:00-17:30", "5 16:00-17:30"])
        #expect(week(rows[4]) == ["2 16:00-19:00", "4 16:00-19:00"])
        #expect(rows.flatMap(\.meetings).allSatisfy { $0.building == "X" && $0.room == "X" })
    }
}
