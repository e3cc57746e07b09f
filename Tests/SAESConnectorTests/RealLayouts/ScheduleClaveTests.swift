import SAESConnector
import Testing

@Suite("Schedules whose subjects carry their clave (C203 - CALCULO APLICADO), and columns Patio cannot map")
struct ScheduleClaveTests {
    @Test("each subject's clave is split from its name; labelled spans, teachers with a trailing line break and rooms in the cells read right")
    func claveInSubject() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_clave_subject"))
        let rows = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.subjectCode) == ["C501", "C502", "C503", "C504", "C505", "C506"])
        #expect(
            rows.map(\.subject) == [
                "CÁLCULO INTEGRAL", "QUÍMICA ORGÁNICA", "INGLÉS V", "FÍSICA-QUÍMICA APLICADA",
                "PROGRAMACIÓN ORIENTADA A OBJETOS", "ÉTICA Y CIUDADANÍA",
            ])
        #expect(rows[0].teacher == "MENDIETA ROSAS IGNACIO")
        #expect(rows[0].meetings == [1, 3, 5].map { SAESClassMeeting(weekday: $0, start: "07:00", end: "08:30", building: "3", room: "012") })
    }

    @Test("every grade of the student finds its schedule row by group and name, so each grade gets its teacher: 6 of 6")
    func gradesMeetSchedule() throws {
        let grades = try #require(GradesParser.parse(try Fixture.html("grades_clave_joined")).value).rows
        let schedule = try #require(ScheduleParser.parse(try Fixture.html("schedule_clave_subject")).value)
        let teachers = grades.compactMap { grade in
            schedule.first { $0.group == grade.group && $0.subject == grade.subject && $0.subjectCode == grade.subjectCode }?.teacher
        }
        #expect(
            teachers == [
                "MENDIETA ROSAS IGNACIO", "PAREDES LUGO SARA", "QUINTANA OCAMPO RENE", "VILLEGAS NAVA TERESA",
                "CORONA BALDERAS ULISES", "SALGADO PINEDA MARTHA",
            ])
    }

    @Test("a schedule table with no group or subject column is unreadable, never read in full")
    func unmappedColumns() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_unmapped_columns"))
        #expect(parsed.value == nil)
        #expect(!parsed.isComplete)
        #expect(parsed.problems.count == 1 && parsed.problems[0].contains("name no group or no subject"))
    }

    @Test("a column Patio does not know is named, so the page is not reported read in full; the rest is read")
    func unknownColumn() throws {
        let parsed = ScheduleParser.parse(try Fixture.html("schedule_extra_column"))
        let rows = try #require(parsed.value)
        #expect(rows.map(\.subject) == ["COMPILADORES"] && rows[0].subjectCode == "C701" && rows[0].group == "6CM1")
        #expect(rows[0].meetings.map(\.weekday) == [1])
        #expect(parsed.problems == ["The column “modalidad” is not one Patio reads; it was left out."])
    }
}
