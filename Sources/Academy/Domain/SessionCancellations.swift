import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// A cancelled session as clients see it. `notified` is only in the answer to the cancellation: how many students
/// were told.
struct SessionCancellationView: Codable, Sendable {
    var scheduleId: UUID
    var date: String
    var reason: String
    var createdAt: Date
    var notified: Int?
}

/// Cancelling one session of a weekly schedule (the teacher is ill, a holiday), and telling its students. The
/// schedule goes on; that one date is not held, takes no check-in and is no student's next session.
struct SessionCancellations: Sendable {
    let database: PatioDatabase
    let settings: AcademySettingsService
    let notifications: NotificationService
    let clock: PatioClock

    struct Input: Codable, Sendable {
        var date: String?
        var reason: String?
    }

    /// What a cancellation would do, checked: the session and who is told. The admin page shows it before asking.
    struct Plan: Sendable {
        let schedule: ScheduleModel
        let date: String
        let reason: String
        let recipients: [Recipient]
        /// The academy's calendar the day was checked in, for the page to write the day with.
        let calendar: AcademyCalendar
    }

    struct Recipient: Decodable, Sendable {
        let account_id: UUID
    }

    /// Checks a cancellation without making it (for the page's confirmation): the same refusals as `cancel`.
    func plan(schedule id: UUID, _ input: Input) async throws -> Plan {
        try await plan(schedule: id, input, now: clock.now(), on: try database.reader)
    }

    /// Cancels one session and, in the same write, tells every student with an active enrolment in the schedule:
    /// a refused or rolled-back cancellation tells nobody.
    func cancel(schedule id: UUID, _ input: Input, actor: UUID?) async throws -> SessionCancellationView {
        let now = clock.now()
        return try await database.write { db in
            let plan = try await plan(schedule: id, input, now: now, on: db)
            let model = SessionCancellationModel()
            model.id = UUID()
            model.scheduleID = id
            model.sessionDate = plan.date
            model.reason = plan.reason
            model.createdAt = now
            model.createdBy = actor
            do {
                try await model.create(on: db)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw Self.alreadyCancelled
            }
            try await notify(plan, on: db)
            return SessionCancellationView(scheduleId: id, date: plan.date, reason: plan.reason, createdAt: now, notified: plan.recipients.count)
        }
    }

    /// The schedule's cancelled sessions from today on (academy time), soonest first.
    func upcoming(schedule id: UUID) async throws -> [SessionCancellationView] {
        guard try await ScheduleModel.find(id, on: database.reader) != nil else { throw CatalogueService.scheduleNotFound }
        return try await upcoming(schedules: [id])[id] ?? []
    }

    /// The cancelled sessions from today on (academy time) of each of `schedules`, soonest first: one statement
    /// for a whole class page, or for what a student's next sessions skip. A caller that already read the academy's
    /// `calendar` passes it, saving a read of the settings.
    func upcoming(schedules: [UUID], calendar: AcademyCalendar? = nil) async throws -> [UUID: [SessionCancellationView]] {
        guard !schedules.isEmpty else { return [:] }
        let db = try database.reader
        let known: AcademyCalendar
        if let calendar { known = calendar } else { known = try await settings.current(on: db).calendar }
        let today = known.day(of: clock.now())
        let rows = try await SessionCancellationModel.query(on: db).filter(\.$scheduleID ~~ schedules).filter(\.$sessionDate >= today)
            .sort(\.$sessionDate).all()
        return Dictionary(grouping: rows, by: \.scheduleID).mapValues {
            $0.map { SessionCancellationView(scheduleId: $0.scheduleID, date: $0.sessionDate, reason: $0.reason, createdAt: $0.createdAt) }
        }
    }

    static let alreadyCancelled = AppError.conflict(code: "session_already_cancelled", "This session is already cancelled.")

    /// Every rule, in the order an admin would fix them: the fields, the schedule, the day, then what the session
    /// already has. Inside the write the enrolments read are locked (PostgreSQL): a check-in holds its enrolment's
    /// lock until it commits, so one under way either finishes first (and is seen here as attendance) or waits
    /// and then finds the session cancelled.
    private func plan(schedule id: UUID, _ input: Input, now: Date, on db: any Database) async throws -> Plan {
        let date = input.date?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let reason = input.reason?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var validator = Validator()
        validator.check(LocalDate(date) != nil, "date", "Use yyyy-MM-dd, such as 2026-12-03.", code: "date_format")
        validator.check((1...200).contains(reason.count), "reason", "Say why, in 1 to 200 characters.", code: "reason_length")
        try validator.validate()
        guard let schedule = try await ScheduleModel.query(on: db).filter(\.$id == id).with(\.$danceClass).first() else {
            throw CatalogueService.scheduleNotFound
        }
        guard schedule.archivedAt == nil, schedule.danceClass.archivedAt == nil else {
            throw AppError(.unprocessableContent, code: "schedule_archived", detail: "This schedule is archived; it has no sessions to cancel.")
        }
        let calendar = try await settings.current(on: db).calendar
        guard calendar.weekday(ofDay: date) == schedule.weekday else {
            throw AppError(.unprocessableContent, code: "session_not_scheduled", detail: "This class does not meet on that day.")
        }
        guard let start = calendar.instant(day: date, minute: schedule.startMinute), start > now else {
            throw AppError(
                .unprocessableContent, code: "session_past", detail: "This session has already started; only coming sessions can be cancelled.")
        }
        let recipients = try await recipients(schedule: id, on: db)
        if try await SessionCancellationModel.query(on: db).filter(\.$scheduleID == id).filter(\.$sessionDate == date).first() != nil {
            throw Self.alreadyCancelled
        }
        if try await AttendanceModel.query(on: db).filter(\.$scheduleID == id).filter(\.$sessionDate == date).first() != nil {
            throw AppError.conflict(code: "session_has_attendance", "Students already checked in to this session; it cannot be cancelled.")
        }
        return Plan(schedule: schedule, date: date, reason: reason, recipients: recipients, calendar: calendar)
    }

    /// The students with an active enrolment in the schedule, locked on PostgreSQL (see `plan`).
    private func recipients(schedule id: UUID, on db: any Database) async throws -> [Recipient] {
        let sql = try db.sql
        let lock: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE OF e" : ""
        return try await sql.raw(
            """
            SELECT st.account_id FROM academy_enrolments e JOIN academy_students st ON st.id = e.student_id
            WHERE e.schedule_id = \(bind: id) AND e.is_active = \(bind: true) ORDER BY e.id\(lock)
            """
        ).all(decoding: Recipient.self)
    }

    private func notify(_ plan: Plan, on db: any Database) async throws {
        guard !plan.recipients.isEmpty else { return }
        let danceClass = plan.schedule.danceClass
        let location = try await LocationModel.find(danceClass.$location.id, on: db)
        let parameters = [
            "class": danceClass.name, "day": plan.date, "time": ClockTime.text(plan.schedule.startMinute),
            "location": location?.name ?? "", "reason": plan.reason,
        ]
        let collapseKey = "academy.class_cancelled.\(plan.schedule.id?.uuidString.lowercased() ?? "").\(plan.date)"
        // Every student is told the same thing: one send, each of them an inbox item of their own.
        try await notifications.send(
            AcademyNotifications.classCancelled.id, to: plan.recipients.map(\.account_id), parameters: parameters, link: AcademyNotifications.link,
            collapseKey: collapseKey)
    }
}
