import SAESConnector
import Testing

@Suite("Grades page: GV_Calif in both id styles")
struct GradesParserTests {
    @Test("ctl00_ ids: numbers, decimals with a point or a comma, NP, dash and empty cells; a 1-cell note row is left out and reported")
    func classicPage() throws {
        let parsed = GradesParser.parse(try Fixture.html("grades_ctl00"))
        let grades = try #require(parsed.value)
        #expect(grades.evaluationRequired == false)
        #expect(grades.rows.map(\.subject) == ["ANÁLISIS Y DISEÑO DE ALGORITMOS", "BASES DE DATOS", "SISTEMAS OPERATIVOS", "INGENIERÍA DE SOFTWARE"])
        #expect(grades.rows[0].partials == [.tenths(90), .tenths(85), .none])
        #expect(grades.rows[0].final == .none)
        #expect(grades.rows[1].partials == [.tenths(100), .notPresented, .none])
        #expect(grades.rows[2].partials == [.tenths(75), .tenths(80), .tenths(60)])
        #expect(grades.rows[2].final == .tenths(70))
        #expect(grades.rows[0].group == "3CV11" && grades.rows[0].subjectCode == nil)
        // The note row and the unreadable grade are named, not guessed.
        #expect(parsed.problems.count == 2)
        #expect(parsed.problems.contains { $0.contains("1 cells instead of 7") })
        #expect(parsed.problems.contains { $0.contains("“ocho” is not a grade") })
        #expect(grades.rows[3].partials == [.none, .tenths(60), .none])
    }

    @Test("mainCopy_ ids: a Gpo. header, CLAVE - NOMBRE subjects, text after the final; a 6-cell row is left out")
    func shortIDs() throws {
        let parsed = GradesParser.parse(try Fixture.html("grades_mainCopy"))
        let grades = try #require(parsed.value)
        #expect(grades.rows.count == 2)
        #expect(grades.rows[0].subjectCode == "C205")
        #expect(grades.rows[0].subject == "ECUACIONES DIFERENCIALES")
        #expect(grades.rows[0].extraordinary == .tenths(80))
        #expect(grades.rows[0].final == .tenths(80))
        #expect(grades.rows[1].final == .tenths(100))
        #expect(parsed.problems == ["Row 4 has 6 cells instead of 7; it was left out."])
    }

    @Test("a page asking for the teacher evaluation says so and has no rows; a page without the table is unreadable")
    func evaluationAndMissingTable() throws {
        let withheld = GradesParser.parse(try Fixture.html("grades_evaluation"))
        #expect(withheld.value?.evaluationRequired == true)
        #expect(withheld.value?.rows.isEmpty == true)
        // Withheld is not read in full: no rows does not mean no grades.
        #expect(!withheld.isComplete && withheld.problems == [GradesParser.withheld])

        let missing = GradesParser.parse(try Fixture.html("empty_page"))
        #expect(missing.value == nil)
        #expect(missing.problems.first?.contains("GV_Calif") == true)
    }

    @Test("a mark reads 8.50 and 8,5 alike and refuses 10.5, 8.55, -1 and words")
    func marks() {
        #expect(SAESMark(cell: "8.50") == .tenths(85))
        #expect(SAESMark(cell: " 8,5 ") == .tenths(85))
        #expect(SAESMark(cell: "np") == .notPresented)
        #expect(SAESMark(cell: "\u{A0}") == SAESMark.none)
        for bad in ["10.5", "8.55", "-1", "ocho", "100", "8..5", ".5"] {
            #expect(SAESMark(cell: bad) == nil, "\(bad)")
        }
    }
}
