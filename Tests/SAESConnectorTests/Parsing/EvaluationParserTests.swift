import SAESConnector
import Testing

@Suite("Teacher evaluation: the sign that it is required and the list of teachers")
struct EvaluationParserTests {
    @Test("GV_Profe lists group, subject, teacher and each evaluation link; a row without a link keeps the teacher")
    func list() throws {
        let parsed = EvaluationParser.parse(try Fixture.html("evaluation_list"))
        let teachers = try #require(parsed.value)
        #expect(teachers.map(\.teacher) == ["LÓPEZ RAMÍREZ ELENA", "HERNÁNDEZ CRUZ MARIO"])
        #expect(teachers[0].link == "evaluacion.aspx?p=1")
        #expect(teachers[1].link == nil)
        #expect(parsed.problems.isEmpty)
    }

    @Test("ctl00_mainCopy_ ids: each teacher with their form's link, entities decoded; a row without a link keeps the teacher; a note row is named")
    func classicIDs() throws {
        let parsed = EvaluationParser.parse(try Fixture.html("evaluation_ctl00"))
        let teachers = try #require(parsed.value)
        #expect(
            teachers == [
                SAESTeacherToEvaluate(
                    group: "5CM1", subject: "COMPILADORES", teacher: "RAMÍREZ SOTO JULIO", link: "evaluacion.aspx?grupo=5CM1&materia=C501"),
                SAESTeacherToEvaluate(
                    group: "5CM1",
                    subject: "INGENIERÍA DE SOFTWARE",
                    teacher: "TORRES VEGA ADRIANA",
                    link: "evaluacion.aspx?grupo=5CM1&materia=C502"),
                SAESTeacherToEvaluate(group: "5CM2", subject: "REDES DE COMPUTADORAS", teacher: "NAVARRO GIL TERESA", link: nil),
            ])
        #expect(parsed.problems == ["Row 5 has 1 cells instead of 4; it was left out."])
    }

    @Test("a page without GV_Profe is unreadable: the grades page, a maintenance notice, the crash page")
    func missing() throws {
        for name in ["empty_page", "maintenance", "grades_evaluation", "error"] {
            let missing = EvaluationParser.parse(try Fixture.html(name))
            #expect(missing.value == nil, "\(name)")
            #expect(missing.problems == ["The list of teachers to evaluate (GV_Profe) is not on the page."], "\(name)")
        }
        // An id without SAES's prefix is some other table.
        #expect(
            EvaluationParser.parse("<html><body><table id=\"GV_Profe\"><tr><td>1</td><td>2</td><td>3</td></tr></table></body></html>").value == nil)
    }

    @Test("the notice or the Evaluar button marks a page; an ordinary page is not marked")
    func required() throws {
        #expect(EvaluationParser.isRequired(html: try Fixture.html("grades_evaluation")))
        #expect(EvaluationParser.isRequired(html: "<html><body><input id=\"mainCopy_Btn_Evaluar\" /></body></html>"))
        #expect(!EvaluationParser.isRequired(html: try Fixture.html("grades_ctl00")))
    }
}
