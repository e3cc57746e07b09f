import Foundation
import PatioCore

/// What the student's own pages and API answer, built once per request from the services.
struct StudentRecord: Sendable {
    let s: CampusServices

    var links: StudentLinks { StudentLinks(secrets: s.secrets, students: s.students, reader: s.reader, clock: s.clock) }
    var schedules: ScheduleService { ScheduleService(database: s.database, reader: s.reader, record: s.record) }

    func credential(_ student: StudentModel, base: String) async throws -> StudentLinks.Credential {
        let view = try await s.students.view(student)
        let status = try await s.reader.isEnrolledToday(student, today: SchoolCalendar.today(s.clock))
        let token = try await links.credentialToken(student)
        return StudentLinks.Credential(name: view.name, boleta: view.boleta, career: view.career.name, school: view.school.name, enrolled: status.enrolled,
                                       period: status.period?.code, hasPhoto: view.hasPhoto, verifyURL: base + "/campus/credential/" + token)
    }

    func feedURL(_ student: StudentModel, base: String) async throws -> String {
        base + "/campus/calendar/" + (try await links.feedToken(student)) + ".ics"
    }

    /// The `.ics` behind a feed link.
    func feed(token: String) async throws -> String {
        let student = try await links.feedStudent(token)
        let schedule = try await schedules.schedule(student: student)
        let calendar = try await s.record.calendar(periodID: schedule.period?.id)
        let name = try await s.students.view(student).name
        return CalendarFeed.render(schedule: schedule, calendar: calendar, studentName: name, stamp: s.clock.now())
    }

    /// The schedule receipt PDF of the current period.
    func receipt(_ student: StudentModel, base: String) async throws -> [UInt8] {
        let view = try await s.students.view(student)
        let schedule = try await schedules.schedule(student: student)
        guard let period = schedule.period else {
            throw AppError.notFound(code: "no_current_period", "There is no current period to issue a receipt for.")
        }
        let token = try await links.receiptToken(student, periodID: period.id)
        let header = ScheduleReceipt.Header(school: view.school.name, studentName: view.name, boleta: view.boleta, career: view.career.name,
                                            period: period.code, issuedOn: SchoolCalendar.today(s.clock).description)
        return ScheduleReceipt.render(header, schedule: schedule, verifyURL: base + "/campus/receipt/" + token, createdAt: s.clock.now())
    }
}
