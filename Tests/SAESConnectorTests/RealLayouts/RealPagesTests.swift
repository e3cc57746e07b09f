import Foundation
import SAESConnector
import Testing

/// The anonymised pages real schools served (`../shared/saes-real` beside the repository, or
/// `PATIO_SAES_REAL_PAGES`). They are not part of the repository: where they are absent (CI), these tests are
/// reported skipped, never passed.
enum RealPages {
    static let folder: URL = {
        if let path = ProcessInfo.processInfo.environment["PATIO_SAES_REAL_PAGES"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../shared/saes-real").standardized
    }()

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path) }

    static func html(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }
}

@Suite(
    "Real pages, anonymised, read right (only where ../shared/saes-real exists)",
    .enabled(if: RealPages.available, "the real SAES pages are not on this machine (../shared/saes-real); nothing was checked"))
struct RealPagesTests {
    @Test("CECyT 9's grades page: every row keeps its clave, `8  (ocho)` is 8, `   -` no grade, read in full")
    func cecytGrades() throws {
        let parsed = GradesParser.parse(try RealPages.html("grades_cecyt9_full_original.html"))
        let rows = try #require(parsed.value).rows
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.subjectCode) == ["C401", "C402", "C403", "C404", "C405", "C406", "C407", "C408", "C410"])
        #expect(rows.allSatisfy { !$0.subject.contains("-") && $0.subject.first?.isLetter == true })
        #expect(rows.map(\.final).filter { $0 != .none } == [.tenths(80)])
    }

    @Test("ESIME Culhuacán: groups, claves, several teachers, one meeting per range, and all 6 grades meet their schedule row")
    func esime() throws {
        let grades = try #require(GradesParser.parse(try RealPages.html("grades_esimecu_table.html")).value).rows
        let parsed = ScheduleParser.parse(try RealPages.html("schedule_esimecu_table.html"))
        let schedule = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(schedule.map(\.group) == Array(repeating: "1CV1", count: 6))
        #expect(schedule.map(\.subjectCode) == ["C845", "C842", "C850", "C851", "C843", "C837"])
        #expect(schedule.map { $0.teacher.components(separatedBy: ", ").count } == [1, 2, 2, 2, 1, 3])
        #expect(schedule.map(\.meetings.count) == [3, 3, 3, 4, 3, 2])
        let met = grades.filter { grade in
            schedule.contains { $0.group == grade.group && $0.subject == grade.subject && $0.subjectCode == grade.subjectCode }
        }
        #expect(grades.count == 6 && met.count == 6)
    }

    @Test("ESCOM's schedule: subjects split from their claves, rooms from the cells")
    func escomSchedule() throws {
        let parsed = ScheduleParser.parse(try RealPages.html("schedule_escom_table.html"))
        let rows = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(rows.map(\.subjectCode) == ["C203", "C301", "C302", "C304", "C307", "C306"])
        #expect(rows.first?.subject == "CALCULO APLICADO")
        #expect(rows.first?.meetings.map(\.weekday) == [2, 3, 5] && rows.first?.meetings.first?.room == "004")
    }

    @Test("ENCB's kardex: the name without labels or boleta, five semesters and no notice among them, the average 9,15")
    func encbKardex() throws {
        let parsed = KardexParser.parse(try RealPages.html("kardex_encb_full.html"))
        let kardex = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        let name = try #require(kardex.studentName)
        #expect(!name.isEmpty && !name.uppercased().contains("NOMBRE") && !name.uppercased().contains("BOLETA") && !name.contains(where: \.isNumber))
        #expect(kardex.semesters.map(\.title) == ["PRIMER SEMESTRE", "SEGUNDO SEMESTRE", "TERCER SEMESTRE", "CUARTO SEMESTRE", "QUINTO SEMESTRE"])
        #expect(kardex.semesters.flatMap(\.lines).allSatisfy { $0.date != nil })
        #expect(kardex.averageHundredths == 915)
    }

    @Test("ESIA Zacatenco's sign-in box: no refusal on a fresh page, the `Iniciar` button, the c_default_ CAPTCHA field")
    func esiazSignIn() throws {
        let parsed = SignInPageParser.parse(try RealPages.html("derived_signin_esiaz_captchaid-renamed.html"))
        let page = try #require(parsed.value)
        #expect(parsed.isComplete, "\(parsed.problems)")
        #expect(page.failure == nil)
        #expect(page.button?.value == "Iniciar")
        #expect(page.captchaField == SignInPageParser.captchaField)
    }
}
