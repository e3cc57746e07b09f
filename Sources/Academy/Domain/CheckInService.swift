import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit
import Synchronization

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
    let catalogue: CatalogueService
    let clock: PatioClock
    /// The academy's time zone as the last check-in read it: which days a check-in looks at, checked against the
    /// settings its own statement reads (`standing`).
    let zoneSeen = ZoneSeen()

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
    ///
    /// Everything the rules need is read in one statement before the write, and the answer is built from it rather
    /// than read again after commit: a check-in used to cost a dozen statements, each a round trip on PostgreSQL.
    func checkIn(_ principal: Principal, token text: String) async throws -> CheckInResult {
        let now = clock.now()
        let token: CheckInToken
        switch CheckInToken.verify(text, key: try await secrets.key(named: Self.keyName), now: now) {
        case .success(let verified): token = verified
        case .failure(.expired):
            throw AppError(.gone, code: "checkin_token_expired", detail: "This QR code has expired. Scan the code on the screen again.")
        case .failure:
            throw AppError.badRequest(code: "checkin_token_invalid", "This is not a valid check-in code. Scan the code on the room screen.")
        }
        guard let (student, settings) = try await standing(account: principal.accountID, location: token.locationID, now: now) else {
            throw AppError(.forbidden, code: "not_a_student", detail: "Only students of the academy can check in.")
        }
        guard student.isActive else {
            throw AppError(.forbidden, code: "student_inactive", detail: "Your place in the academy is paused. Ask at the front desk.")
        }
        let running = Self.runningSessions(student.candidates, settings: settings, now: now)
        guard !running.isEmpty else {
            // Only classes on the days around now were read: whether the student has one at the sede on another day
            // is asked on this refusal's path alone.
            guard try await isEnrolled(student: student.id, location: token.locationID) else {
                throw AppError(.forbidden, code: "not_enrolled_at_location", detail: "You are not enrolled in any class at this sede.")
            }
            throw AppError(.unprocessableContent, code: "no_class_now", detail: "None of your classes at this sede is open for check-in now.")
        }
        // Cancelled sessions are not held: refused with their own code, before anything is spent.
        let held = running.filter { !$0.0.cancelledDays.contains($0.1) }
        guard !held.isEmpty else { throw Self.sessionCancelled }
        // Sessions already attended are set aside before taking the writer; the unique index still guards races.
        let open = held.filter { !$0.0.attendedDays.contains($0.1) }
        guard !open.isEmpty else { throw Self.alreadyCheckedIn }
        let attendanceID = UUID()
        let (candidate, day, remaining): (Candidate, String, Int) = try await database.write { db in
            for (candidate, day) in open {
                var ledger = try await LedgerSession.open(enrolment: candidate.id, now: now, on: db)
                guard ledger.balance > 0 else { continue }
                // Inserted only while the session is not cancelled, in the same statement: a cancellation committed
                // since the read above (its write waited for this enrolment's lock, or ran first) leaves no row.
                let inserted: [any SQLRow]
                do {
                    inserted = try await (try db.sql).keptPrepared.raw(
                        """
                        INSERT INTO academy_attendances (id, enrolment_id, student_id, schedule_id, location_id, session_date, checked_in_at)
                        SELECT \(bind: attendanceID), \(bind: candidate.id), \(bind: student.id), \(bind: candidate.schedule_id), \
                        \(bind: token.locationID), \(bind: day), \(bind: now)
                        WHERE NOT EXISTS (SELECT 1 FROM academy_session_cancellations x \
                        WHERE x.schedule_id = \(bind: candidate.schedule_id) AND x.session_date = \(bind: day))
                        RETURNING id
                        """
                    ).all()
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw Self.alreadyCheckedIn
                }
                guard !inserted.isEmpty else { throw Self.sessionCancelled }
                try await ledger.consume(1, kind: .attendance, attendance: attendanceID, note: day, actor: principal.accountID)
                return (candidate, day, ledger.balance)
            }
            throw AppError(
                .unprocessableContent, code: "no_classes_left", detail: "You have no classes left for this class. Pay for more at the front desk.")
        }
        let attendance = AttendanceView(
            id: attendanceID, studentId: student.id, studentName: principal.name, scheduleId: candidate.schedule_id, classId: candidate.classID,
            className: candidate.className, level: candidate.level, locationId: token.locationID, locationName: candidate.locationName,
            sessionDate: day, startTime: ClockTime.text(candidate.start_minute), endTime: ClockTime.text(candidate.end_minute), checkedInAt: now)
        return CheckInResult(attendance: attendance, remainingClasses: remaining)
    }

    static let alreadyCheckedIn = AppError.conflict(code: "already_checked_in", "You are already checked in for this class.")
    static let sessionCancelled = AppError.conflict(code: "session_cancelled", "This session of your class is cancelled; no class was spent.")

    /// The account's student record and its enrolments that might be checked in now, as one statement reads them.
    struct Standing: Sendable {
        let id: UUID
        let isActive: Bool
        let candidates: [Candidate]
    }

    /// An enrolment that might be checked in now, with what the answer shows of its class. Read by column place
    /// (`SQLColumns`) rather than through `Codable`: the decoder's machinery cost more than the values.
    struct Candidate: Sendable {
        let id: UUID, schedule_id: UUID, weekday: Int, start_minute: Int, end_minute: Int
        let classID: UUID, className: String, level: String, locationName: String
        /// Which of the days looked at (`daysAround`) the student already checked in to this class.
        let attendedDays: Set<String>
        /// Which of the days looked at (`daysAround`) this class's session is cancelled.
        let cancelledDays: Set<String>
    }

    /// Whether the student has an active enrolment in a class of the sede, on any day.
    private func isEnrolled(student: UUID, location: UUID) async throws -> Bool {
        try await (try database.reader.sql).raw(
            """
            SELECT e.id FROM academy_enrolments e
            JOIN academy_schedules s ON s.id = e.schedule_id AND s.archived_at IS NULL
            JOIN academy_classes c ON c.id = s.class_id AND c.archived_at IS NULL AND c.location_id = \(bind: location)
            WHERE e.student_id = \(bind: student) AND e.is_active = \(bind: true) LIMIT 1
            """
        ).first() != nil
    }

    /// The student record of the account (nil when it has none) with its candidates around `now`, and the academy's
    /// settings, in one statement. Which days are around `now` depends on the academy's time zone, which that
    /// statement itself reads: the days are taken in the zone the last check-in saw, and only when the settings read
    /// name another zone (someone changed it) is the statement run again with that zone's days.
    private func standing(account: UUID, location: UUID, now: Date) async throws -> (Standing, AcademySettings)? {
        var zone = zoneSeen.current
        // Read again while the zone read differs from the one the days were taken in (it changed, perhaps twice
        // while reading); after three readings the last one is used as it is.
        for attempt in 1...3 {
            guard let (student, settings) = try await standing(account: account, location: location, now: now, calendar: zone.calendar) else {
                return nil
            }
            if settings.timeZone == zone.timeZone || attempt == 3 { return (student, settings) }
            zone = ZoneSeen.Zone(timeZone: settings.timeZone, calendar: settings.calendar)
            zoneSeen.saw(zone)
        }
        return nil
    }

    /// The student record of the account (nil when it has none) with its active enrolments at the sede whose classes
    /// fall on one of the days around `now` in `calendar`, whether each was attended or cancelled on each of those days,
    /// and the academy's settings: one statement. The student comes back even with no enrolment there (a row whose
    /// class columns are `NULL`).
    private func standing(account: UUID, location: UUID, now: Date, calendar: AcademyCalendar) async throws -> (Standing, AcademySettings)? {
        let days = Self.daysAround(now, calendar: calendar)
        let weekdays = Set(days.map(calendar.weekday(ofDay:))).sorted()
        // The days of those the student already checked in to the class, and the days its session is cancelled: a
        // space-separated list each, looked up only for enrolments that are candidates. Aggregates, not `EXISTS`:
        // PostgreSQL may answer an `EXISTS` for all rows at once from a hash of every attendance of the day, which
        // grows with each check-in the academy takes that day (7.4 ms a read with 10,000 of them, against 0.7 ms);
        // an aggregate is looked up in each enrolment's own index entries. The days are consecutive and written
        // `YYYY-MM-DD`, so they are one range of each index: one look-up each instead of one a day.
        let (firstDay, lastDay) = (days.first ?? "", days.last ?? "")
        let sql = try database.reader.sql.keptPrepared
        let list = sql.spaceJoined("session_date")
        let perDay: SQLQueryString = """
            , CASE WHEN c.id IS NULL THEN NULL ELSE (SELECT \(list) FROM academy_attendances a \
            WHERE a.student_id = st.id AND a.schedule_id = e.schedule_id AND a.session_date BETWEEN \(bind: firstDay) AND \(bind: lastDay)) \
            END AS attended_days\
            , CASE WHEN c.id IS NULL THEN NULL ELSE (SELECT \(list) FROM academy_session_cancellations x \
            WHERE x.schedule_id = e.schedule_id AND x.session_date BETWEEN \(bind: firstDay) AND \(bind: lastDay)) END AS cancelled_days
            """
        let select = SQLQueryString(
            """
            SELECT st.id AS student_id, st.is_active, e.id AS enrolment_id, e.schedule_id, s.weekday, s.start_minute, s.end_minute,
                   c.id AS class_id, c.name AS class_name, c.level, l.name AS location_name, \(unsafeRaw: AcademySettings.columns(of: "cfg"))
            """)
        let from = SQLQueryString(
            """

            FROM academy_students st
            LEFT JOIN academy_enrolments e ON e.student_id = st.id AND e.is_active = \(bind: true)
            LEFT JOIN academy_schedules s ON s.id = e.schedule_id AND s.archived_at IS NULL AND s.weekday IN (\(binds: weekdays))
            LEFT JOIN academy_classes c ON c.id = s.class_id AND c.archived_at IS NULL AND c.location_id = \(bind: location)
            LEFT JOIN academy_locations l ON l.id = c.location_id
            LEFT JOIN academy_settings cfg ON cfg.id = 1
            WHERE st.account_id = \(bind: account)
            """)
        let rows = try await sql.raw(select + perDay + from).all()
        guard let first = rows.first else { return nil }
        var head = SQLColumns(first)
        var candidates: [Candidate] = []
        candidates.reserveCapacity(rows.count)
        for row in rows {
            var columns = SQLColumns(row)
            // The student's other enrolments come back too, without a class: only those at the sede on those days have one.
            guard try columns.optionalUUID(7) != nil else { continue }
            let attended = Set(try columns.optionalString(16)?.split(separator: " ").map(String.init) ?? [])
            let cancelled = Set(try columns.optionalString(17)?.split(separator: " ").map(String.init) ?? [])
            candidates.append(
                Candidate(
                    id: try columns.uuid(2), schedule_id: try columns.uuid(3), weekday: try columns.int(4), start_minute: try columns.int(5),
                    end_minute: try columns.int(6), classID: try columns.uuid(7), className: try columns.string(8), level: try columns.string(9),
                    locationName: try columns.string(10), attendedDays: attended, cancelledDays: cancelled))
        }
        return (Standing(id: try head.uuid(0), isActive: try head.bool(1), candidates: candidates), try AcademySettings(&head, from: 11))
    }

    /// Yesterday, today and tomorrow in the academy's time zone: the only days whose sessions can be open at
    /// `now`, windows that cross midnight included.
    static func daysAround(_ now: Date, calendar: AcademyCalendar) -> [String] {
        let today = calendar.day(of: now)
        return [calendar.adding(days: -1, to: today), today, calendar.adding(days: 1, to: today)]
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

/// The academy's time zone as check-ins last read it, with its calendar. Only a guess of which days to look at:
/// each check-in compares it with the settings its own statement reads.
final class ZoneSeen: Sendable {
    struct Zone: Sendable {
        var timeZone: String
        var calendar: AcademyCalendar
    }

    private let seen = Mutex(Zone(timeZone: AcademySettings.defaults.timeZone, calendar: AcademySettings.defaults.calendar))

    var current: Zone { seen.withLock { $0 } }

    func saw(_ zone: Zone) { seen.withLock { $0 = zone } }
}
