import Foundation
import PatioCore
import SAESConnector
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("The home page's one reading of a student's term: the same week and grades the schedule and grades pages read on their own")
    struct StudentTermTests {
        /// The demo world, its Campus services and Ana (boleta 2022630101), a student with classes and grades.
        static func withAna(_ body: @escaping @Sendable (CampusServices, StudentRecord, StudentModel) async throws -> Void) async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                _ = try await CampusWorld.make(patio, client)
                let s = CampusServices(environment: patio.components.environment)
                let ana = try await s.students.find(try #require(try await s.students.list(query: "2022630101").first).id)
                try await body(s, StudentRecord(s: s), ana)
            }
        }

        @Test("from the school's record: every class of the week and every grade, as the two pages show them")
        func schoolRecord() async throws {
            try await Self.withAna { s, me, ana in
                let term = try await me.currentTerm(ana, saes: nil, period: try await s.record.currentPeriod())
                let schedule = try await me.schedule(ana), grades = try await me.grades(ana)
                // Ana sits several groups with classes and captured grades, so an empty reading could not pass.
                #expect(schedule.entries.count > 5 && grades.rows.count > 3 && grades.rows.contains { $0.teacher != nil })
                #expect(term.schedule == schedule)
                #expect(term.grades == grades)
            }
        }

        @Test("from SAES once read: the week and grades mapped from the readings in the current period; a part not yet read is the school's")
        func saesReadings() async throws {
            try await Self.withAna { s, me, ana in
                let period = try #require(try await s.record.currentPeriod())
                let link = SAESLinkView(
                    school: "escom", schoolName: "ESCOM", boleta: "2022630101", status: "linked", linkedAt: Date(timeIntervalSince1970: 0),
                    syncedAt: Date(timeIntervalSince1970: 60), passwordKept: false, teachersToEvaluate: [], evaluationURL: nil, pages: [])
                let saesGrades = SAESGrades(
                    rows: [
                        SAESGradeRow(
                            group: "3CV11", subjectCode: "C301", subject: "BASES DE DATOS", partials: [.tenths(85)], extraordinary: .none,
                            final: .tenths(90))
                    ], evaluationRequired: false)
                let rows = [
                    SAESScheduleRow(
                        group: "3CV11", subject: "BASES DE DATOS", teacher: "LÓPEZ RAMÍREZ ELENA",
                        meetings: [SAESClassMeeting(weekday: 2, start: "08:30", end: "10:00", building: "1", room: "204")])
                ]
                let both = SAESRecordView(link: link, grades: saesGrades, schedule: rows)
                let term = try await me.currentTerm(ana, saes: both, period: period)
                #expect(term.schedule.entries.map(\.subject) == ["BASES DE DATOS"] && term.schedule.period?.id == period.id)
                #expect(term.grades.rows.map(\.final) == ["9"] && term.grades.source.kind == .saes && term.grades.period?.id == period.id)
                let schedulePage = try await me.schedule(ana, saes: both), gradesPage = try await me.grades(ana, saes: both)
                #expect(term.schedule == schedulePage && term.grades == gradesPage)

                // Grades read, the week not yet: the week is the school's.
                let gradesOnly = SAESRecordView(link: link, grades: saesGrades, schedule: nil)
                let mixed = try await me.currentTerm(ana, saes: gradesOnly, period: period)
                let schoolWeek = try await me.schedule(ana)
                #expect(mixed.grades.source.kind == .saes && mixed.schedule == schoolWeek && !mixed.schedule.entries.isEmpty)

                // Linked, nothing read yet: both from the school's record.
                let nothingRead = try await me.currentTerm(ana, saes: SAESRecordView(link: link, grades: nil, schedule: nil), period: period)
                let schoolGrades = try await me.grades(ana, saes: nil)
                #expect(nothingRead.schedule == schoolWeek && nothingRead.grades == schoolGrades && nothingRead.grades.source.kind == .school)
            }
        }
    }
}

extension SAESRecordView {
    fileprivate init(link: SAESLinkView, grades: SAESGrades?, schedule: [SAESScheduleRow]?) {
        self.init(link: link, grades: grades, schedule: schedule, kardex: nil, personalData: nil, credits: nil, photo: nil)
    }
}
