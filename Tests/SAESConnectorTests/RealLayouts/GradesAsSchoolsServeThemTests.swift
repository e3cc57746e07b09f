import SAESConnector
import Testing

@Suite("Grades as schools serve them: CLAVE-NOMBRE, dot-leader headers, finals spelled out")
struct GradesAsSchoolsServeThemTests {
    @Test("CLAVE-NOMBRE without spaces keeps the clave apart from the name; dot-leader headers map; `8  (ocho)` is 8 and `   -` no grade")
    func claveJoined() throws {
        let parsed = GradesParser.parse(try Fixture.html("grades_clave_joined"))
        let rows = try #require(parsed.value).rows
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.subjectCode) == ["C501", "C502", "C503", "C504", "C505", "C506"])
        // UTF-8 without a meta charset and numeric entities read alike; only the first dash ends the clave.
        #expect(
            rows.map(\.subject) == [
                "CÁLCULO INTEGRAL", "QUÍMICA ORGÁNICA", "INGLÉS V", "FÍSICA-QUÍMICA APLICADA",
                "PROGRAMACIÓN ORIENTADA A OBJETOS", "ÉTICA Y CIUDADANÍA",
            ])
        #expect(rows.allSatisfy { $0.group == "5IM2" })
        #expect(rows[0].partials == [.tenths(80), .tenths(70), .tenths(90)] && rows[0].final == .tenths(80))
        #expect(rows[1].partials == [.none, .none, .none] && rows[1].final == .none)
        #expect(rows[2].final == .tenths(100))
        #expect(rows[3].partials == [.tenths(60), .notPresented, .none] && rows[3].extraordinary == .tenths(70) && rows[3].final == .tenths(70))
        #expect(rows[4].partials[0] == .tenths(90) && rows[4].final == .none)
    }

    @Test("ESIME Culhuacán's grades (a bare table after a byte-order mark) read with their claves")
    func esime() throws {
        let parsed = GradesParser.parse(try Fixture.html("grades_esime"))
        let rows = try #require(parsed.value).rows
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.subjectCode) == ["E611", "E614", "E615", "E616", "E617"])
        #expect(
            rows.map(\.subject) == [
                "CIRCUITOS DIGITALES", "MAQUINAS ELECTRICAS II", "CONTROL ANALOGICO", "TEORIA ELECTROMAGNETICA", "PROYECTO TERMINAL",
            ])
        #expect(rows.map(\.final) == [.tenths(90), .none, .tenths(90), .tenths(50), .none])
    }

    @Test("a subject cell is cut only at a clave: a name with a dash and no clave stays whole, and CLAVE - NOMBRE still splits")
    func onlyClavesAreCut() throws {
        let html = try Fixture.html("grades_clave_joined")
            .replacingOccurrences(of: "C504-FÍSICA-QUÍMICA APLICADA", with: "FÍSICA-QUÍMICA APLICADA")
            .replacingOccurrences(of: "C505-PROGRAMACIÓN", with: "C505 - PROGRAMACIÓN")
        let rows = try #require(GradesParser.parse(html).value).rows
        #expect(rows[3].subjectCode == nil && rows[3].subject == "FÍSICA-QUÍMICA APLICADA")
        #expect(rows[4].subjectCode == "C505" && rows[4].subject == "PROGRAMACIÓN ORIENTADA A OBJETOS")
    }

    @Test("a grades table whose header names no group or final is unreadable, not read as grades")
    func unmappedColumns() throws {
        let parsed = GradesParser.parse(try Fixture.html("grades_unmapped_columns"))
        #expect(parsed.value == nil)
        #expect(parsed.problems.count == 1 && parsed.problems[0].contains("are not group, subject and final grade"))
    }
}
