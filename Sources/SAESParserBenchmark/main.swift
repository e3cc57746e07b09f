import FakeSAES
import Foundation
import HTMLQuery
import SAESConnector

// Parsed pages per second per SAES page type, on pages the size a real student's are (a full kardex of
// nine semesters, a week of eight subjects, eight teachers to evaluate, a career's forty groups offered and
// their occupancy), each next to how fast libxml2 alone parses the same page in the same run: the ratio is
// what the parser adds on top of reading the HTML.

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 400
var student = FakeStudent.demo
func kardexLine(_ semester: Int, _ index: Int) -> SAESKardexLine {
    SAESKardexLine(
        code: "C\(semester)0\(index)", subject: "MATERIA \(semester)-\(index) DEL PLAN DE ESTUDIOS", date: "2023-06-19",
        period: "23/\(semester % 2 + 1)", assessment: index == 7 ? "ETS" : "ORD", mark: .tenths(60 + index * 5))
}
student.kardex.semesters = (1...9).map { semester in
    SAESKardexSemester(title: "SEMESTRE \(semester)", lines: (1...7).map { kardexLine(semester, $0) })
}
func weeklyRow(_ index: Int) -> SAESScheduleRow {
    let days: [Int] = (1...5).filter { ($0 + index) % 2 == 0 }
    let start = String(format: "%02d:00", 7 + index), end = String(format: "%02d:30", 8 + index)
    let meetings: [SAESClassMeeting] = days.map { SAESClassMeeting(weekday: $0, start: start, end: end, building: "2", room: "1\(index)0") }
    return SAESScheduleRow(group: "5CM\(index)", subject: "MATERIA \(index)", teacher: "PROFESOR NÚMERO \(index)", meetings: meetings)
}
student.schedule = (0..<8).map(weeklyRow)
student.grades = (0..<8).map { index in
    SAESGradeRow(
        group: "5CM\(index)", subjectCode: nil, subject: "MATERIA \(index)", partials: [.tenths(80 + index), .notPresented, .none],
        extraordinary: .none, final: .none)
}
student.teachersToEvaluate = (0..<8).map { index in
    SAESTeacherToEvaluate(group: "5CM\(index)", subject: "MATERIA \(index)", teacher: "PROFESOR NÚMERO \(index)", link: "evaluacion.aspx?p=\(index)")
}
/// A career's offer for one shift: five semesters of eight groups, each meeting two or three days a week.
let offered: [SAESOfferedGroup] = (0..<40).map { index in
    let hour = 7 + (index % 6) * 2
    let times = (0..<6).map { day in (day + index) % 2 == 0 && day < 5 ? "\(hour):00 - \(hour + 1):30" : "" }
    return SAESOfferedGroup(
        group: "\(index / 8 + 1)CM\(index % 8 + 1)", subject: "MATERIA \(index) DEL PLAN DE ESTUDIOS",
        teacher: "PROFESOR NÚMERO \(index)", building: "\(index % 4 + 1)", room: "\(100 + index)", times: times)
}
let occupancy: [SAESGroupOccupancy] = offered.enumerated().map { index, group in
    SAESGroupOccupancy(
        group: group.group, subjectCode: "C\(100 + index)", subject: group.subject, semester: "\(index / 8 + 1)",
        quota: 40, enrolled: 25 + index % 16)
}

let parsers: [(name: String, page: SAESPage, parse: (String) -> Bool)] = [
    ("grades", .grades, { GradesParser.parse($0).value != nil }),
    ("schedule", .schedule, { ScheduleParser.parse($0).value != nil }),
    ("kardex", .kardex, { KardexParser.parse($0).value != nil }),
    ("personal data", .personalData, { PersonalDataParser.parse($0).value != nil }),
    ("teacher evaluation", .teacherEvaluation, { EvaluationParser.parse($0).value?.count == 8 }),
    ("availability", .availability, { AvailabilityParser.parse($0).value?.groups.count == 40 }),
    ("occupancy", .occupancy, { OccupancyParser.parse($0).value?.count == 40 }),
    ("credits", .credits, { CreditsParser.parse($0).value != nil }),
    ("sign-in", .login, { SignInPageParser.parse($0).value != nil }),
]

func perSecond(_ rounds: Int, _ body: () -> Void) -> Double {
    let start = ContinuousClock.now
    for _ in 0..<rounds { body() }
    let elapsed = ContinuousClock.now - start
    return Double(rounds) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

print("SAES parsers, \(rounds) rounds per page (debug builds are far slower; run with -c release)")
print("page                  bytes   parsed pages/s   libxml2 parse only/s   ratio")
for parser in parsers {
    let page: String?
    switch parser.page {
    case .availability: page = FakeSAES.availabilityHTML(groups: offered, layout: .classic)
    case .occupancy: page = FakeSAES.occupancyHTML(rows: occupancy, layout: .classic)
    default: page = FakeSAES.html(parser.page, student: student, layout: .classic)
    }
    guard let html = page else { continue }
    guard parser.parse(html) else { print("\(parser.name): the parser read nothing"); continue }
    // Interleaved halves, so a noisy neighbour hits both sides alike.
    var parsed = 0.0, raw = 0.0
    for _ in 0..<2 {
        parsed += perSecond(rounds / 2) { _ = parser.parse(html) }
        raw += perSecond(rounds / 2) { _ = HTMLDocument(html: html).root }
    }
    let name = parser.name.padding(toLength: 20, withPad: " ", startingAt: 0)
    print(
        """
        \(name) \(String(format: "%7d", html.utf8.count))   \(String(format: "%14.0f", parsed / 2))   \(String(format: "%20.0f", raw / 2))   \
        \(String(format: "%.2f", parsed / raw))
        """
    )
}
