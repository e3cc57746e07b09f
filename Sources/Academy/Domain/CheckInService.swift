import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// A room's current QR code payload.
struct CheckInCode: Codable, Sendable {
    var token: String
    var url: String
    var expiresAt: Date
    /// Seconds until the room screen should show the next code.
    var refreshInSeconds: Int
}

/// The answer to a successful check-in.
struct CheckInResult: Codable, Sendable {
    var attendance: AttendanceView
    var remainingClasses: Int
}

/// Signed, rotating room codes and the check-in rules.
struct CheckInService: Sendable {
    static let keyName = "academy.checkin"
    let database: PatioDatabase
    let secrets: ServerSecrets
    let settings: AcademySettingsService
    let students: StudentService
    let catalogue: CatalogueService
    let attendance: AttendanceService
    let clock: PatioClock

    /// The code a sede's room screen shows now. `baseURL` is where students' phones reach Patio.
    func code(location id: UUID, baseURL: String) async throws -> CheckInCode {
        let location = try await catalogue.location(id)
        guard location.archivedAt == nil else {
            throw AppError(.unprocessableContent, code: "location_archived", detail: "This sede is archived.")
        }
        let now = clock.now()
        let token = CheckInToken(locationID: id, window: CheckInToken.window(at: now))
        let encoded = token.encoded(key: try await secrets.key(named: Self.keyName))
        let nextWindow = Double(token.window + 1) * CheckInToken.period
        return CheckInCode(
            token: encoded, url: "\(baseURL)/academy/checkin?t=\(encoded)", expiresAt: token.expiresAt,
            refreshInSeconds: max(1, Int((nextWindow - now.timeIntervalSince1970).rounded(.up))))
    }

    /// Checks a student in with a scanned token. Each refusal has its own code, in the order a student would fix them.
    func checkIn(account accountID: UUID, token text: String) async throws -> CheckInResult {
        let now = clock.now()
        let token: CheckInToken
        switch CheckInToken.verify(text, key: try await secrets.key(named: Self.keyName), now: now) {
        case .success(let verified): token = verified
        case .failure(.expired):
            throw AppError(.gone, code: "checkin_token_expired", detail: "This QR code has expired. Scan the code on the screen again.")
        case .failure:
            throw AppError.badRequest(code: "checkin_token_invalid", "This is not a valid check-in code. Scan the code on the room screen.")
        }
        guard let student = try await student(account: accountID) else {
            throw AppError(.forbidden, code: "not_a_student", detail: "Only students of the academy can check in.")
        }
        guard student.is_active else {
            throw AppError(.forbidden, code: "student_inactive", detail: "Your place in the academy is paused. Ask at the front desk.")
        }
        let settings = try await settings.current()
        let candidates = try await enrolments(student: student.id, location: token.locationID, weekdays: Self.weekdaysAround(now, settings: settings))
        guard !candidates.isEmpty else {
            throw AppError(.forbidden, code: "not_enrolled_at_location", detail: "You are not enrolled in any class at this sede.")
        }
        let running = Self.runningSessions(candidates, settings: settings, now: now)
        guard !running.isEmpty else {
            throw AppError(.unprocessableContent, code: "no_class_now", detail: "None of your classes at this sede is open for check-in now.")
        }
        // Sessions already attended are set aside before taking the writer; the unique index still guards races.
        let attended = try await attendedSessions(student: student.id, days: Set(running.map(\.1)))
        let open = running.filter { !attended.contains(SessionKey(schedule: $0.0.schedule_id, day: $0.1)) }
        guard !open.isEmpty else { throw Self.alreadyCheckedIn }
        let attendanceID = UUID()
        let remaining: Int = try await database.write { db in
            for (candidate, day) in open {
                var ledger = try await LedgerSession.open(enrolment: candidate.id, now: now, on: db)
                guard ledger.balance > 0 else { continue }
                do {
                    try await (try db.sql).raw(
                        """
                        INSERT INTO academy_attendances (id, enrolment_id, student_id, schedule_id, location_id, session_date, checked_in_at)
                        VALUES (\(bind: attendanceID), \(bind: candidate.id), \(bind: student.id), \(bind: candidate.schedule_id), \
                        \(bind: token.locationID), \(bind: day), \(bind: now))
                        """
                    ).run()
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw Self.alreadyCheckedIn
                }
                try await ledger.consume(1, kind: .attendance, attendance: attendanceID, note: day, actor: accountID)
                return ledger.balance
            }
            throw AppError(
                .unprocessableContent, code: "no_classes_left", detail: "You have no classes left for this class. Pay for more at the front desk.")
        }
        guard let view = try await attendance.attendances(where: "t.id = \(bind: attendanceID)").first else { throw Self.alreadyCheckedIn }
        return CheckInResult(attendance: view, remainingClasses: remaining)
    }

    private struct SessionKey: Hashable { let schedule: UUID; let day: String }

    private struct StudentRow: Decodable { let id: UUID; let is_active: Bool }

    /// The student record of the account: only what the check-in rules need, in one indexed query.
    private func student(account: UUID) async throws -> StudentRow? {
        try await (try database.reader.sql).raw("SELECT id, is_active FROM academy_students WHERE account_id = \(bind: account)")
            .first(decoding: StudentRow.self)
    }

    private func attendedSessions(student: UUID, days: Set<String>) async throws -> Set<SessionKey> {
        let rows = try await (try database.reader.sql).raw(
            """
            SELECT schedule_id, session_date FROM academy_attendances
            WHERE student_id = \(bind: student) AND session_date IN (\(binds: Array(days)))
            """
        ).all()
        return Set(
            try rows.map { row in
                var columns = SQLColumns(row)
                return SessionKey(schedule: try columns.uuid(0), day: try columns.string(1))
            })
    }

    static let alreadyCheckedIn = AppError.conflict(code: "already_checked_in", "You are already checked in for this class.")

    /// An enrolment that might be checked in now. Read by column place (`SQLColumns`) rather than through
    /// `Codable`: a check-in reads one per enrolment of the student at the sede, and the decoder's machinery cost
    /// more than the values.
    struct Candidate: Sendable {
        let id: UUID, schedule_id: UUID, weekday: Int, start_minute: Int, end_minute: Int

        /// From `SELECT e.id, e.schedule_id, s.weekday, s.start_minute, s.end_minute`.
        init(_ row: any SQLRow) throws {
            var columns = SQLColumns(row)
            id = try columns.uuid(0)
            schedule_id = try columns.uuid(1)
            weekday = try columns.int(2)
            start_minute = try columns.int(3)
            end_minute = try columns.int(4)
        }
    }

    /// The student's enrolments at the sede whose classes fall on one of `weekdays`.
    private func enrolments(student: UUID, location: UUID, weekdays: Set<Int>) async throws -> [Candidate] {
        try await (try database.reader.sql).raw(
            """
            SELECT e.id, e.schedule_id, s.weekday, s.start_minute, s.end_minute
            FROM academy_enrolments e JOIN academy_schedules s ON s.id = e.schedule_id JOIN academy_classes c ON c.id = s.class_id
            WHERE e.student_id = \(bind: student) AND e.is_active = \(bind: true) AND c.location_id = \(bind: location)
              AND s.archived_at IS NULL AND c.archived_at IS NULL AND s.weekday IN (\(binds: weekdays.sorted()))
            """
        ).all().map(Candidate.init)
    }

    /// Yesterday, today and tomorrow in the academy's time zone: the only days whose sessions can be open at
    /// `now`, windows that cross midnight included.
    static func daysAround(_ now: Date, calendar: AcademyCalendar) -> [String] {
        let today = calendar.day(of: now)
        return [calendar.adding(days: -1, to: today), today, calendar.adding(days: 1, to: today)]
    }

    /// The weekdays of `daysAround`: classes on other days need not be read.
    static func weekdaysAround(_ now: Date, settings: AcademySettings) -> Set<Int> {
        let calendar = settings.calendar
        return Set(daysAround(now, calendar: calendar).map(calendar.weekday(ofDay:)))
    }

    /// The sessions (enrolment, local date) whose check-in window contains `now`, earliest start first. Yesterday
    /// and tomorrow are looked at too, so windows that cross midnight work.
    static func runningSessions(_ candidates: [Candidate], settings: AcademySettings, now: Date) -> [(Candidate, String)] {
        let calendar = settings.calendar
        var found: [(Candidate, String, Date)] = []
        for day in daysAround(now, calendar: calendar) {
            let weekday = calendar.weekday(ofDay: day)
            // Classes of a day share a handful of start and end times, and each instant costs a calendar
            // computation (it must, for days that change clocks), so each minute is worked out once.
            var instants: [Int: Date?] = [:]
            func instant(_ minute: Int) -> Date? {
                if let known = instants[minute] { return known }
                let computed = calendar.instant(day: day, minute: minute)
                instants[minute] = computed
                return computed
            }
            for candidate in candidates where candidate.weekday == weekday {
                guard let start = instant(candidate.start_minute), let end = instant(candidate.end_minute) else { continue }
                let opens = start.addingTimeInterval(-Double(settings.checkInOpensMinutesBefore) * 60)
                let closes = end.addingTimeInterval(Double(settings.checkInClosesMinutesAfterEnd) * 60)
                if opens <= now && now <= closes { found.append((candidate, day, start)) }
            }
        }
        return found.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) }
    }
}
