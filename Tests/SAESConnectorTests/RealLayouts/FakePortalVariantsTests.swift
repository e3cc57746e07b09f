import FakeSAES
import SAESConnector
import Testing

@Suite("The fake portal serves each school's real layout, and the connector reads it")
struct FakePortalVariantsTests {
    /// Signs in at `school` and reads the grades, schedule and kardex pages.
    private func read(
        _ school: String, fake: FakeSAES, base: String, boleta: String = FakeStudent.demo.boleta,
        password: String = FakeStudent.demo.password
    )
        async throws -> (grades: ParsedPage<SAESGrades>, schedule: ParsedPage<[SAESScheduleRow]>, kardex: ParsedPage<SAESKardex>)?
    {
        let connector = SAESConnector.trusting(base)
        let portal = base + school + "/"
        let outcome = try await signIn(connector, fake, portal: portal, boleta: boleta, password: password)
        guard case .signedIn(var cookies) = outcome else {
            Issue.record("expected to be signed in at \(school), got \(outcome)")
            return nil
        }
        return (
            GradesParser.parse(try await connector.page(.grades, portal: portal, cookies: &cookies)),
            ScheduleParser.parse(try await connector.page(.schedule, portal: portal, cookies: &cookies)),
            KardexParser.parse(try await connector.page(.kardex, portal: portal, cookies: &cookies))
        )
    }

    /// The demo student's subjects with the claves the fake gives them.
    private let demoClaves = ["C301", "C302", "C303", "C304"]

    @Test(
        "signing in posts the page's own `Iniciar` button and CAPTCHA field, past the hidden markers; every page reads in full",
        arguments: ["cecyt9", "esimecu", "encb"])
    func readsEveryVariant(school: String) async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            guard let pages = try await read(school, fake: fake, base: base) else { return }
            let demo = FakeStudent.demo
            #expect(
                pages.grades.isComplete && pages.schedule.isComplete && pages.kardex.isComplete,
                "\(pages.grades.problems + pages.schedule.problems + pages.kardex.problems)")
            let grades = try #require(pages.grades.value).rows
            #expect(grades.map(\.subjectCode) == demoClaves)
            #expect(grades.map(\.subject) == demo.grades.map(\.subject))
            #expect(grades.map(\.partials) == demo.grades.map(\.partials))
            let schedule = try #require(pages.schedule.value)
            #expect(schedule.map(\.subjectCode) == demoClaves)
            #expect(schedule.map(\.subject) == demo.schedule.map(\.subject))
            #expect(schedule.map(\.group) == demo.schedule.map(\.group))
            #expect(schedule.map(\.teacher) == demo.schedule.map(\.teacher))
            if school == "esimecu" {
                // One room per row: the first meeting's, in every slot.
                #expect(schedule.map { $0.meetings.map(\.start) } == demo.schedule.map { $0.meetings.map(\.start) })
            } else {
                #expect(schedule.map(\.meetings) == demo.schedule.map(\.meetings))
            }
            #expect(pages.kardex.value == demo.kardex)
        }
    }

    @Test("a student with ESIME's layout of their own, at a school that writes another: two teachers, each range once")
    func perStudentLayout() async throws {
        let fake = FakeSAES()
        var student = FakeStudent.demo
        student.boleta = "2020360599"
        student.layout = .esime
        student.schedule[1].teacher = "LÓPEZ RAMÍREZ ELENA, DUARTE SOLÍS JAVIER"
        fake.add(student)
        let boleta = student.boleta
        try await fake.withRunning { base in
            guard let pages = try await read("escom", fake: fake, base: base, boleta: boleta) else { return }
            let schedule = try #require(pages.schedule.value)
            #expect(pages.schedule.isComplete, "\(pages.schedule.problems)")
            #expect(schedule[1].teacher == "LÓPEZ RAMÍREZ ELENA, DUARTE SOLÍS JAVIER")
            #expect(schedule[1].subjectCode == "C302" && schedule[1].subject == "BASES DE DATOS" && schedule[1].group == "3CV11")
            #expect(schedule[1].meetings.map { "\($0.weekday) \($0.start)" } == ["2 08:30", "4 08:30", "4 12:00"])
            #expect(try #require(pages.grades.value).rows.map(\.subjectCode) == demoClaves)
        }
    }
}
