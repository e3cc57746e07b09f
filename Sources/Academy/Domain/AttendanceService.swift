import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import SQLKit

/// One check-in, with what it was for.
struct AttendanceView: Codable, Sendable {
    var id: UUID
    var studentId: UUID
    var studentName: String
    var scheduleId: UUID
    var classId: UUID
    var className: String
    var level: String
    var locationId: UUID
    var locationName: String
    var sessionDate: String
    var startTime: String
    var endTime: String
    var checkedInAt: Date
}

/// An enrolled schedule as the student sees it.
struct MyClassView: Codable, Sendable {
    var enrolmentId: UUID
    var scheduleId: UUID
    var classId: UUID
    var className: String
    var level: String
    var locationId: UUID
    var locationName: String
    var weekday: Int
    var startTime: String
    var endTime: String
    var remainingClasses: Int
    var nextExpiry: Date?
    var attendedThisWeek: Int
    var nextSession: String?
}

struct SessionDateCount: Codable, Sendable {
    var date: String
    var attendees: Int
}

/// Expected versus checked-in for one class session today.
struct TodaySessionView: Codable, Sendable {
    var scheduleId: UUID
    var className: String
    var level: String
    var startTime: String
    var endTime: String
    var expected: Int
    var checkedIn: Int
    var attendees: [AttendanceView]
}

struct TodayView: Codable, Sendable {
    var location: LocationView
    var date: String
    var sessions: [TodaySessionView]
}

struct MonthCount: Codable, Sendable {
    var month: String
    var attendances: Int
}

struct AttendanceHistoryView: Codable, Sendable {
    var items: [AttendanceView]
    var byMonth: [MonthCount]
}

/// Attendance reports for admins and students.
struct AttendanceService: Sendable {
    let database: PatioDatabase
    let settings: AcademySettingsService
    let enrolments: EnrolmentService
    /// Cancelled sessions, which are no student's next session.
    let cancellations: SessionCancellations
    let directory: AccountDirectory
    let clock: PatioClock

    private struct Row: Decodable {
        let id: UUID, student_id: UUID, student_account_id: UUID, schedule_id: UUID, class_id: UUID, class_name: String, level: String
        let location_id: UUID, location_name: String, session_date: String, start_minute: Int, end_minute: Int, checked_in_at: Date
        func view(_ names: [UUID: DirectoryEntry]) -> AttendanceView {
            AttendanceView(
                id: id, studentId: student_id, studentName: names[student_account_id]?.name ?? "", scheduleId: schedule_id, classId: class_id,
                className: class_name, level: level, locationId: location_id, locationName: location_name, sessionDate: session_date,
                startTime: ClockTime.text(start_minute), endTime: ClockTime.text(end_minute), checkedInAt: checked_in_at)
        }
    }

    /// Attendances matching `condition` (over alias `t`), newest first.
    func attendances(where condition: SQLQueryString, limit: Int = 1000) async throws -> [AttendanceView] {
        let rows = try await (try database.reader.sql).raw(
            """
            SELECT t.id, t.student_id, st.account_id AS student_account_id, t.schedule_id, c.id AS class_id, c.name AS class_name, c.level,
                   t.location_id, l.name AS location_name, t.session_date, s.start_minute, s.end_minute, t.checked_in_at
            FROM academy_attendances t JOIN academy_students st ON st.id = t.student_id
            JOIN academy_schedules s ON s.id = t.schedule_id JOIN academy_classes c ON c.id = s.class_id
            JOIN academy_locations l ON l.id = t.location_id
            WHERE \(condition) ORDER BY t.checked_in_at DESC LIMIT \(literal: limit)
            """
        ).all(decoding: Row.self)
        let names = try await directory.entries(rows.map(\.student_account_id))
        return rows.map { $0.view(names) }
    }

    /// A student's history, newest first, with counts per month (academy time zone) for the chart.
    func history(student: UUID) async throws -> AttendanceHistoryView {
        let items = try await attendances(where: "t.student_id = \(bind: student)")
        var months: [String: Int] = [:]
        for item in items { months[String(item.sessionDate.prefix(7)), default: 0] += 1 }
        return AttendanceHistoryView(items: items, byMonth: months.keys.sorted().map { MonthCount(month: $0, attendances: months[$0]!) })
    }

    /// The student's enrolled schedules with balance, this week's attendance and the next session held (a cancelled
    /// session is skipped: the student was told, and it takes no check-in).
    func myClasses(student: UUID) async throws -> [MyClassView] {
        let settings = try await settings.current()
        let calendar = settings.calendar
        let now = clock.now()
        let week = calendar.week(of: now)
        struct CountRow: Decodable { let enrolment_id: UUID; let count: Int }
        let counts = try await (try database.reader.sql).raw(
            """
            SELECT enrolment_id, COUNT(*) AS count FROM academy_attendances
            WHERE student_id = \(bind: student) AND session_date >= \(bind: week.monday) AND session_date <= \(bind: week.sunday)
            GROUP BY enrolment_id
            """
        ).all(decoding: CountRow.self)
        let byEnrolment = Dictionary(uniqueKeysWithValues: counts.map { ($0.enrolment_id, $0.count) })
        let enrolled = try await enrolments.enrolments(student: student, activeOnly: true)
        let cancelled = try await cancellations.upcoming(schedules: enrolled.map(\.scheduleId), calendar: calendar)
        return enrolled.map { enrolment in
            let skipped = Set((cancelled[enrolment.scheduleId] ?? []).map(\.date))
            return MyClassView(
                enrolmentId: enrolment.id, scheduleId: enrolment.scheduleId, classId: enrolment.classId, className: enrolment.className,
                level: enrolment.level, locationId: enrolment.locationId, locationName: enrolment.locationName, weekday: enrolment.weekday,
                startTime: enrolment.startTime, endTime: enrolment.endTime, remainingClasses: enrolment.remainingClasses,
                nextExpiry: enrolment.nextExpiry, attendedThisWeek: byEnrolment[enrolment.id] ?? 0,
                nextSession: calendar.nextSessions(
                    weekday: enrolment.weekday, endMinute: ClockTime.minutes(enrolment.endTime) ?? 0, after: now, count: skipped.count + 1
                ).first { !skipped.contains($0) })
        }
    }

    /// The dates a schedule had attendance, newest first, with how many came.
    func sessionDates(schedule: UUID) async throws -> [SessionDateCount] {
        guard try await ScheduleModel.find(schedule, on: database.reader) != nil else { throw CatalogueService.scheduleNotFound }
        struct DateRow: Decodable { let session_date: String; let count: Int }
        return try await (try database.reader.sql).raw(
            """
            SELECT session_date, COUNT(*) AS count FROM academy_attendances WHERE schedule_id = \(bind: schedule)
            GROUP BY session_date ORDER BY session_date DESC
            """
        ).all(decoding: DateRow.self).map { SessionDateCount(date: $0.session_date, attendees: $0.count) }
    }

    /// Who attended a schedule on a date, in check-in order.
    func session(schedule: UUID, date: String) async throws -> [AttendanceView] {
        guard LocalDate(date) != nil else { throw AppError.validation(field: "date", "Use yyyy-MM-dd.", code: "date_format") }
        guard try await ScheduleModel.find(schedule, on: database.reader) != nil else { throw CatalogueService.scheduleNotFound }
        return try await attendances(where: "t.schedule_id = \(bind: schedule) AND t.session_date = \(bind: date)").reversed()
    }

    /// Today's sessions at a sede (academy time zone): expected students versus those checked in.
    func today(location id: UUID, catalogue: CatalogueService) async throws -> TodayView {
        let location = try await catalogue.location(id)
        let calendar = try await settings.current().calendar
        let now = clock.now()
        let day = calendar.day(of: now)
        let weekday = calendar.weekday(of: now)
        let classes = try await catalogue.classes(locationID: id, includeArchived: false)
        let present = try await attendances(where: "t.location_id = \(bind: id) AND t.session_date = \(bind: day)")
        var sessions: [TodaySessionView] = []
        for danceClass in classes {
            for schedule in danceClass.schedules where schedule.weekday == weekday {
                let attendees = present.filter { $0.scheduleId == schedule.id }.reversed()
                sessions.append(
                    TodaySessionView(
                        scheduleId: schedule.id, className: danceClass.name, level: danceClass.level,
                        startTime: schedule.startTime, endTime: schedule.endTime, expected: schedule.enrolled ?? 0,
                        checkedIn: attendees.count, attendees: Array(attendees)))
            }
        }
        return TodayView(location: LocationView(location), date: day, sessions: sessions.sorted { $0.startTime < $1.startTime })
    }
}
