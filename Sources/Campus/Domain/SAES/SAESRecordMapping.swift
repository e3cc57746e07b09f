import Foundation
import SAESConnector

/// Turns what the connector read from a student's SAES into the reports Campus's own record gives, so the
/// student's pages and API read the same way whichever source answered.
enum SAESRecordMapping {
    /// The grades page as Campus's grade report; each row's teacher comes from the schedule page when it has
    /// the same group and subject.
    static func grades(_ grades: SAESGrades, schedule: [SAESScheduleRow]?, period: PeriodView?, source: RecordSource) -> GradeReport {
        let teachers = Dictionary(
            (schedule ?? []).map { (key(group: $0.group, subject: $0.subject), $0.teacher) }, uniquingKeysWith: { first, _ in first })
        return GradeReport.make(
            period: period, source: source,
            rows: grades.rows.map { row in
                GradeReport.Row(
                    groupId: nil, groupCode: row.group, clave: row.subjectCode ?? "", subject: row.subject,
                    teacher: teachers[key(group: row.group, subject: row.subject)].flatMap { $0.isEmpty ? nil : $0 },
                    partials: row.partials.map(mark), extraordinary: mark(row.extraordinary), final: mark(row.final))
            })
    }

    /// The schedule page as Campus's week: one entry per class meeting. A subject's clave comes from the grades
    /// page when it names one, and its colour from the clave (or the name), as for the school's own groups.
    static func schedule(_ rows: [SAESScheduleRow], grades: SAESGrades?, period: PeriodView?, source: RecordSource) -> Schedule {
        let claves = Dictionary(
            (grades?.rows ?? []).compactMap { row in row.subjectCode.map { (key(group: row.group, subject: row.subject), $0) } },
            uniquingKeysWith: { first, _ in first })
        var entries: [Schedule.Entry] = []
        for row in rows {
            let clave = claves[key(group: row.group, subject: row.subject)] ?? ""
            for meeting in row.meetings {
                entries.append(
                    Schedule.Entry(
                        weekday: meeting.weekday, startsAt: meeting.start, endsAt: meeting.end, clave: clave, subject: row.subject,
                        teacher: row.teacher.isEmpty ? nil : row.teacher, group: row.group,
                        building: meeting.building ?? "", room: meeting.room ?? "",
                        colour: Schedule.colour(for: clave.isEmpty ? row.subject : clave)))
            }
        }
        entries.sort { ($0.weekday, $0.startsAt, $0.subject) < ($1.weekday, $1.startsAt, $1.subject) }
        return Schedule(period: period, entries: entries, source: source)
    }

    /// The kardex page as Campus's kardex: semesters numbered from their titles, averages worked out the same
    /// way as for the school's lines. SAES's kardex gives no credits per subject, so the credits come from its
    /// credits page when it was read.
    static func kardex(_ kardex: SAESKardex, credits: SAESCredits?, search: String?, source: RecordSource) -> KardexReport {
        var entries: [KardexReport.Entry] = []
        for (index, semester) in kardex.semesters.enumerated() {
            let number = semesterNumber(semester.title) ?? index + 1
            for line in semester.lines {
                entries.append(
                    KardexReport.Entry(
                        id: nil, clave: line.code, subject: line.subject, semester: number, creditsHundredths: 0,
                        takenOn: line.date ?? "", periodCode: line.period, evaluation: line.assessment, grade: mark(line.mark) ?? ""))
            }
        }
        var report = KardexReport.make(
            career: kardex.career ?? "", plan: kardex.plan ?? "", entries: entries, planCreditsHundredths: 0, search: search, source: source)
        report.creditsEarned = credits?.earned.flatMap(number) ?? 0
        report.creditsTotal = credits?.total.flatMap(number) ?? 0
        return report
    }

    /// A mark as Campus writes grades: `8.5`, `NP`, or nil for no grade yet.
    static func mark(_ mark: SAESMark) -> String? {
        let text = mark.text
        return text.isEmpty ? nil : text
    }

    /// `PRIMER SEMESTRE` is 1, `DÉCIMO SEMESTRE` 10, `SEMESTRE 3` 3; nil when the title names no semester.
    static func semesterNumber(_ title: String) -> Int? {
        let words = CampusText.folded(title).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let ordinals: [String: Int] = [
            "primer": 1, "primero": 1, "segundo": 2, "tercer": 3, "tercero": 3, "cuarto": 4, "quinto": 5, "sexto": 6,
            "septimo": 7, "setimo": 7, "octavo": 8, "noveno": 9, "decimo": 10, "undecimo": 11, "duodecimo": 12,
        ]
        for word in words {
            if let number = ordinals[word] { return number }
            if word.count <= 2, let number = Int(word), (1...20).contains(number) { return number }
        }
        return nil
    }

    /// `172.50` or `172,50`; nil for anything that is not a finite, non-negative number.
    static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")), value.isFinite, value >= 0
        else { return nil }
        return value
    }

    private static func key(group: String, subject: String) -> String { CampusText.folded(group) + "\u{1F}" + CampusText.folded(subject) }
}

extension SAESRecordView {
    /// Where a page of this record came from: SAES, with when it was read and how its last reading went.
    func source(page: String) -> RecordSource {
        let status = link.pages.first { $0.page == page }
        return RecordSource(kind: .saes, syncedAt: link.syncedAt, status: status?.status, problems: status?.problems ?? [])
    }

    /// The week as read from SAES, shown in `period`; nil until SAES's schedule has been read.
    func scheduleReport(in period: PeriodView?) -> Schedule? {
        schedule.map { SAESRecordMapping.schedule($0, grades: grades, period: period, source: source(page: "schedule")) }
    }

    /// The grades as read from SAES, shown in `period`; nil until SAES's grades have been read.
    func gradeReport(in period: PeriodView?) -> GradeReport? {
        grades.map { SAESRecordMapping.grades($0, schedule: schedule, period: period, source: source(page: "grades")) }
    }
}
