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

    @Test("the notice or the Evaluar button marks a page; an ordinary page is not marked")
    func required() throws {
        #expect(EvaluationParser.isRequired(html: try Fixture.html("grades_evaluation")))
        #expect(EvaluationParser.isRequired(html: "<html><body><input id=\"mainCopy_Btn_Evaluar\" /></body></html>"))
        #expect(!EvaluationParser.isRequired(html: try Fixture.html("grades_ctl00")))
    }
}
