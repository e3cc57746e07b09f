import Foundation
import SAESConnector
import Testing
@testable import Campus

@Suite("A student's SAES read as Campus's own reports: the same averages, counts and credits as the school's record")
struct SAESRecordMappingTests {
    let saesSource = RecordSource(kind: .saes, syncedAt: Date(timeIntervalSince1970: 0), status: "current", problems: [])

    @Test("grades: NP and empty partials are left out of the row average, only numeric finals make the general average, a final of 6 passes")
    func grades() {
        let grades = SAESGrades(
            rows: [
                SAESGradeRow(
                    group: "3CV11", subjectCode: "C301", subject: "BASES DE DATOS", partials: [.tenths(85), .notPresented, .none],
                    extraordinary: .none, final: .tenths(60)),
                SAESGradeRow(
                    group: "3CV12",
                    subjectCode: nil,
                    subject: "ALGEBRA",
                    partials: [.none, .none, .none],
                    extraordinary: .none,
                    final: .notPresented),
                SAESGradeRow(
                    group: "3CV11", subjectCode: nil, subject: "CÁLCULO", partials: [.tenths(55), .tenths(70)], extraordinary: .tenths(90),
                    final: .tenths(95)),
            ], evaluationRequired: false)
        let schedule = [SAESScheduleRow(group: "3cv11", subject: "Bases de Datos", teacher: "LÓPEZ RAMÍREZ ELENA", meetings: [])]
        let report = SAESRecordMapping.grades(grades, schedule: schedule, period: nil, source: saesSource)
        #expect(report.source == saesSource)
        #expect(report.rows.map(\.subject) == ["ALGEBRA", "BASES DE DATOS", "CÁLCULO"])
        let databases = report.rows[1]
        #expect(databases.groupId == nil && databases.clave == "C301" && databases.teacher == "LÓPEZ RAMÍREZ ELENA")
        #expect(
            databases.partial1 == "8.5" && databases.partial2 == "NP" && databases.partial3 == nil && databases.average == "8.50"
                && databases.passed == true)
        #expect(report.rows[0].average == nil && report.rows[0].final == "NP" && report.rows[0].passed == false && report.rows[0].teacher == nil)
        // A row with two partials (SAES cut the third) still reads them in order.
        #expect(
            report.rows[2].partial2 == "7" && report.rows[2].partial3 == nil && report.rows[2].average == "6.25"
                && report.rows[2].extraordinary == "9")
        // Finals 6 and 9.5 are numeric; NP is not and counts as neither pending nor approved.
        #expect(report.generalAverage == "7.75" && report.approved == 2 && report.pending == 0)
    }

    @Test("schedule: one entry per meeting in day and time order, the clave from the grades page, no room shown as empty")
    func schedule() {
        let rows = [
            SAESScheduleRow(
                group: "3CV11", subject: "BASES DE DATOS", teacher: "",
                meetings: [
                    SAESClassMeeting(weekday: 4, start: "08:30", end: "10:00", building: nil, room: nil),
                    SAESClassMeeting(weekday: 2, start: "08:30", end: "10:00", building: "1", room: "204"),
                ]),
            SAESScheduleRow(
                group: "3CV12", subject: "SISTEMAS OPERATIVOS", teacher: "HERNÁNDEZ CRUZ MARIO",
                meetings: [
                    SAESClassMeeting(weekday: 6, start: "09:00", end: "11:00", building: "3", room: "301")
                ]),
        ]
        let grades = SAESGrades(
            rows: [SAESGradeRow(group: "3CV11", subjectCode: "C301", subject: "BASES DE DATOS", partials: [], extraordinary: .none, final: .none)],
            evaluationRequired: false)
        let week = SAESRecordMapping.schedule(rows, grades: grades, period: nil, source: saesSource)
        #expect(week.entries.map(\.weekday) == [2, 4, 6])
        #expect(week.entries[0].clave == "C301" && week.entries[0].colour == Schedule.colour(for: "C301") && week.entries[0].teacher == nil)
        #expect(week.entries[1].building == "" && week.entries[1].room == "")
        #expect(week.entries[2].clave == "" && week.entries[2].colour == Schedule.colour(for: "SISTEMAS OPERATIVOS"))
        #expect(week.days == Array(1...6))
    }

    @Test(
        """
        kardex: semesters numbered from their titles, NP left out of the averages, a subject failed then passed approved once, credits from \
        SAES's credits page
        """
    )
    func kardex() {
        let kardex = SAESKardex(
            studentName: nil, career: "ISC", plan: "20", averageHundredths: nil,
            semesters: [
                SAESKardexSemester(
                    title: "SEGUNDO SEMESTRE",
                    lines: [
                        SAESKardexLine(
                            code: "C201", subject: "ÁLGEBRA LINEAL", date: "2023-06-19", period: "23/2", assessment: "ORD", mark: .tenths(80)),
                        SAESKardexLine(
                            code: "C202", subject: "ESTRUCTURAS DE DATOS", date: nil, period: "23/2", assessment: "ORD", mark: .notPresented),
                    ]),
                SAESKardexSemester(
                    title: "PRIMER SEMESTRE",
                    lines: [
                        SAESKardexLine(code: "C101", subject: "CÁLCULO", date: "2023-01-16", period: "23/1", assessment: "ORD", mark: .tenths(50)),
                        SAESKardexLine(code: "C101", subject: "CÁLCULO", date: "2023-06", period: "23/2", assessment: "ETS", mark: .tenths(70)),
                    ]),
                SAESKardexSemester(
                    title: "OPTATIVAS",
                    lines: [
                        SAESKardexLine(code: "X1", subject: "INGLÉS", date: "2024-01-10", period: "24/1", assessment: "ORD", mark: .tenths(100))
                    ]),
            ])
        let report = SAESRecordMapping.kardex(
            kardex, credits: SAESCredits(earned: "172,50", total: "392.00", appointment: nil), search: nil, source: saesSource)
        #expect(report.semesters.map(\.semester) == [1, 2, 3])
        #expect(report.semesters[0].average == "6.00" && report.semesters[0].approved == 1)
        #expect(report.semesters[1].average == "8.00" && report.semesters[1].cumulativeAverage == "6.67")
        #expect(report.overallAverage == "7.50" && report.approvedSubjects == 3)
        #expect(report.creditsEarned == 172.5 && report.creditsTotal == 392 && report.source == saesSource)
        #expect(report.semesters[1].lines[1].grade == "NP" && report.semesters[1].lines[1].date == "" && report.semesters[1].lines[1].id == nil)

        let searched = SAESRecordMapping.kardex(kardex, credits: nil, search: "algebra", source: saesSource)
        #expect(searched.semesters.flatMap(\.lines).map(\.clave) == ["C201"] && searched.creditsEarned == 0)
    }

    @Test("semester titles: ordinals with or without accents, digits, and nothing to read")
    func semesterTitles() {
        #expect(SAESRecordMapping.semesterNumber("PRIMER SEMESTRE") == 1)
        #expect(SAESRecordMapping.semesterNumber("Décimo semestre") == 10)
        #expect(SAESRecordMapping.semesterNumber("SÉPTIMO SEMESTRE") == 7)
        #expect(SAESRecordMapping.semesterNumber("SEMESTRE 4") == 4)
        #expect(SAESRecordMapping.semesterNumber("OPTATIVAS") == nil)
        #expect(SAESRecordMapping.semesterNumber("SEMESTRE 99999999999999999999") == nil)
        #expect(SAESRecordMapping.semesterNumber("") == nil)
    }

    @Test("credits that are not a number are left at zero instead of guessed")
    func credits() {
        for text in ["", "N/D", "nan", "inf", "-3", "1e400"] { #expect(SAESRecordMapping.number(text) == nil, "\(text)") }
        #expect(SAESRecordMapping.number(" 172,50 ") == 172.5)
    }
}
