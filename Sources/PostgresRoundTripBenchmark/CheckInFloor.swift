import Foundation
import Logging
import PostgresNIO

/// `Benchmarks/checkin-floor`: the least a check-in's statements cost on PostgreSQL, sent by PostgresNIO alone,
/// every statement prepared once per connection, with no HTTP, no sign-in and no rule worked out.
///
/// Each shape sends the statements of one check-in for each of `concurrency` students of `Benchmarks/checkins`
/// (one enrolment each) over eight connections, and decodes every cell the rules would need:
/// - `as-patio`: what Patio sends, seven round trips: the standing read; then `BEGIN`, the enrolment's lock, the
///   ledger's position and lots, the attendance, the lot with its ledger line, `COMMIT`.
/// - `fewest`: the fewest round trips while the rules stay in Swift, five: the standing read; then `BEGIN`, the lock
///   and the ledger's read in one call (a function running them as two statements, so the read sees what the
///   write it may have waited for committed), the attendance with the lot and the line in one statement, `COMMIT`.
/// - `one-write`: what no Swift rule allows, two: the standing read, then one statement that locks, inserts the
///   attendance, updates the lot and appends the line with the position worked out in SQL, committed on its own.
///   Choosing the lot and writing off expired ones would add to it: it bounds what moving the rules into
///   PostgreSQL could reach.
/// - `standing-read`: the standing read alone, what every shape spends before its write.
///
/// The attendance of each round is for a day of its own (a text no real day has), so rounds never collide on
/// the one-attendance-a-day index, and of a class the student is not enrolled in, so the rows it leaves are never
/// among those the standing read looks up (they would make it slower with each round); the lot keeps the classes
/// it has, so no round runs out.
enum CheckInShape: String, CaseIterable {
    case asPatio = "as-patio"
    case fewest
    case oneWrite = "one-write"
    case standingRead = "standing-read"
}

/// A student of the check-in benchmark, with the one enrolment (and its lot) this program checks in to.
struct CheckInSubject: Sendable {
    let account: UUID
    let student: UUID
    let enrolment: UUID
    /// A class's schedule the student is not enrolled in: where this program's attendances go.
    let schedule: UUID
    let location: UUID
    let lot: UUID
}

/// The check-in's statements, with the texts Patio sends where Patio sends them.
enum CheckInStatements {
    static let standing = """
        SELECT st.id AS student_id, st.is_active, e.id AS enrolment_id, e.schedule_id, s.weekday, s.start_minute, s.end_minute,
               c.id AS class_id, c.name AS class_name, c.level, l.name AS location_name, cfg.name AS settings_name,
               cfg.time_zone AS settings_time_zone, cfg.currency AS settings_currency, cfg.opens_minutes_before AS settings_opens_minutes_before,
               cfg.closes_minutes_after_end AS settings_closes_minutes_after_end,
               CASE WHEN c.id IS NULL THEN NULL ELSE (SELECT string_agg(session_date, ' ') FROM academy_attendances a
               WHERE a.student_id = st.id AND a.schedule_id = e.schedule_id AND a.session_date BETWEEN $1 AND $2) END AS attended_days,
               CASE WHEN c.id IS NULL THEN NULL ELSE (SELECT string_agg(session_date, ' ') FROM academy_session_cancellations x
               WHERE x.schedule_id = e.schedule_id AND x.session_date BETWEEN $3 AND $4) END AS cancelled_days
        FROM academy_students st
        LEFT JOIN academy_enrolments e ON e.student_id = st.id AND e.is_active = $5
        LEFT JOIN academy_schedules s ON s.id = e.schedule_id AND s.archived_at IS NULL AND s.weekday IN ($6, $7, $8)
        LEFT JOIN academy_classes c ON c.id = s.class_id AND c.archived_at IS NULL AND c.location_id = $9
        LEFT JOIN academy_locations l ON l.id = c.location_id
        LEFT JOIN academy_settings cfg ON cfg.id = 1
        WHERE st.account_id = $10
        """
    static let lock = "SELECT id FROM academy_enrolments WHERE id = $1 FOR UPDATE"
    static let ledger = """
        SELECT p.last, id, enrolment_id, payment_id, classes, remaining, expires_at, created_at
        FROM (SELECT MAX(position) AS last FROM academy_credit_entries WHERE enrolment_id = $1) p
        LEFT JOIN academy_credit_lots l ON l.enrolment_id = $1 AND l.remaining > 0
        """
    /// The lock, then the ledger's read as a statement of its own, in one call.
    static let lockAndLedgerFunction = """
        CREATE OR REPLACE FUNCTION patio_floor_open_ledger(enrolment uuid)
        RETURNS TABLE (last bigint, id uuid, enrolment_id uuid, payment_id uuid, classes bigint, remaining bigint,
                       expires_at timestamptz, created_at timestamptz)
        LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM 1 FROM academy_enrolments e WHERE e.id = enrolment FOR UPDATE;
            RETURN QUERY SELECT p.last::bigint, l.id, l.enrolment_id, l.payment_id, l.classes::bigint, l.remaining::bigint,
                l.expires_at, l.created_at
            FROM (SELECT MAX(c.position) AS last FROM academy_credit_entries c WHERE c.enrolment_id = enrolment) p
            LEFT JOIN academy_credit_lots l ON l.enrolment_id = enrolment AND l.remaining > 0;
        END $$
        """
    static let lockAndLedger = "SELECT * FROM patio_floor_open_ledger($1)"
    static let attendance = """
        INSERT INTO academy_attendances (id, enrolment_id, student_id, schedule_id, location_id, session_date, checked_in_at)
        SELECT $1, $2, $3, $4, $5, $6, $7
        WHERE NOT EXISTS (SELECT 1 FROM academy_session_cancellations x WHERE x.schedule_id = $4 AND x.session_date = $6)
        RETURNING id
        """
    static let lotAndLine = """
        WITH lot AS (UPDATE academy_credit_lots SET remaining = $1 WHERE id = $2) INSERT INTO academy_credit_entries
            (id, enrolment_id, position, kind, delta, lot_id, payment_id, attendance_id, note, actor_id, created_at)
        VALUES ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
        """
    /// The attendance, the lot and the line in one statement: the line is read from the attendance, so a
    /// cancelled session leaves no line, and the lot changes only with an attendance.
    static let attendanceLotAndLine = """
        WITH att AS (
            INSERT INTO academy_attendances (id, enrolment_id, student_id, schedule_id, location_id, session_date, checked_in_at)
            SELECT $1, $2, $3, $4, $5, $6, $7
            WHERE NOT EXISTS (SELECT 1 FROM academy_session_cancellations x WHERE x.schedule_id = $4 AND x.session_date = $6)
            RETURNING id),
        lot AS (UPDATE academy_credit_lots SET remaining = $8 WHERE id = $9 AND EXISTS (SELECT 1 FROM att))
        INSERT INTO academy_credit_entries
            (id, enrolment_id, position, kind, delta, lot_id, payment_id, attendance_id, note, actor_id, created_at)
        SELECT $10, $2, $11, 'attendance', -1, $9, NULL, att.id, $6, NULL, $7 FROM att
        RETURNING id
        """
    /// The whole write in one statement, the ledger's position worked out in SQL.
    static let wholeWrite = """
        WITH lk AS (SELECT id FROM academy_enrolments WHERE id = $2 FOR UPDATE),
        att AS (
            INSERT INTO academy_attendances (id, enrolment_id, student_id, schedule_id, location_id, session_date, checked_in_at)
            SELECT $1, lk.id, $3, $4, $5, $6, $7 FROM lk
            WHERE NOT EXISTS (SELECT 1 FROM academy_session_cancellations x WHERE x.schedule_id = $4 AND x.session_date = $6)
            RETURNING id),
        lot AS (UPDATE academy_credit_lots SET remaining = remaining WHERE id = $8 AND remaining > 0 AND EXISTS (SELECT 1 FROM att))
        INSERT INTO academy_credit_entries
            (id, enrolment_id, position, kind, delta, lot_id, payment_id, attendance_id, note, actor_id, created_at)
        SELECT $9, $2, (SELECT COALESCE(MAX(position), 0) + 1 FROM academy_credit_entries WHERE enrolment_id = $2), 'attendance', -1, $8,
               NULL, att.id, $6, NULL, $7 FROM att
        RETURNING id
        """
}

/// Sends one shape's check-ins for the benchmark's students.
struct CheckInFloor {
    let client: PostgresClient
    let shape: CheckInShape
    let subjects: [CheckInSubject]
    let days: [String]
    let weekdays: [Int]
    let stamp = String(Int(Date().timeIntervalSince1970))
    let logger: Logger

    /// The students of the check-in benchmark's sede, one enrolment each, their lots refilled so no round runs out,
    /// and the days around now in the academy's time zone.
    static func make(url: String, shape: CheckInShape, concurrency: Int) async throws -> (CheckInFloor, Task<Void, Never>) {
        var logger = Logger(label: "checkin-floor")
        logger.logLevel = .warning
        let client = try PostgresClient(url: url, connections: 8, logger: logger)
        let running = Task { await client.run() }
        var subjects: [CheckInSubject] = []
        let rows = try await client.query(
            """
            SELECT DISTINCT ON (st.id) st.account_id, st.id, e.id,
                   (SELECT o.id FROM academy_schedules o WHERE o.id NOT IN (SELECT schedule_id FROM academy_enrolments WHERE student_id = st.id)
                    ORDER BY o.id LIMIT 1),
                   c.location_id, lot.id
            FROM academy_students st
            JOIN academy_enrolments e ON e.student_id = st.id AND e.is_active
            JOIN academy_schedules s ON s.id = e.schedule_id JOIN academy_classes c ON c.id = s.class_id
            JOIN academy_locations loc ON loc.id = c.location_id AND loc.name LIKE 'Bench%'
            JOIN academy_credit_lots lot ON lot.enrolment_id = e.id
            ORDER BY st.id, e.id
            """)
        for try await row in rows {
            let (account, student, enrolment, schedule, location, lot) = try row.decode((UUID, UUID, UUID, UUID, UUID, UUID).self)
            subjects.append(
                CheckInSubject(account: account, student: student, enrolment: enrolment, schedule: schedule, location: location, lot: lot))
        }
        guard subjects.count >= concurrency else { throw RoundTripError.noRow }
        subjects = Array(subjects.prefix(concurrency))
        for subject in subjects {
            try await client.query("UPDATE academy_credit_lots SET remaining = 1000000 WHERE id = \(subject.lot)")
        }
        try await client.query(PostgresQuery(unsafeSQL: CheckInStatements.lockAndLedgerFunction))
        var zone = "America/Lima"
        for try await row in try await client.query("SELECT time_zone FROM academy_settings WHERE id = 1") { zone = try row.decode(String.self) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        let now = Date()
        let around = [-1, 0, 1].compactMap { calendar.date(byAdding: .day, value: $0, to: now) }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        let days = around.map(formatter.string(from:))
        // ISO weekdays, Monday 1 … Sunday 7, as schedules keep them.
        let weekdays = around.map { (calendar.component(.weekday, from: $0) + 5) % 7 + 1 }
        return (
            CheckInFloor(client: client, shape: shape, subjects: subjects, days: days, weekdays: weekdays, logger: logger), running
        )
    }

    /// One check-in of the task's student, in this shape.
    func checkIn(task: Int, round: Int) async throws {
        let subject = subjects[task % subjects.count]
        var candidates = 0
        for try await found in try await client.execute(StandingRead(subject: subject, days: days, weekdays: weekdays), logger: logger) {
            candidates += found
        }
        guard candidates > 0 else { throw RoundTripError.noRow }
        let day = "floor-\(stamp)-\(task)-\(round)"
        let now = Date()
        switch shape {
        case .asPatio:
            try await client.withTransaction(logger: logger) { connection in
                try await connection.execute(LockEnrolment(enrolment: subject.enrolment), logger: logger)
                let ledger = try await firstLot(try await connection.execute(ReadLedger(enrolment: subject.enrolment), logger: logger))
                var inserted: [UUID] = []
                for try await id in try await connection.execute(InsertAttendance(subject: subject, day: day, now: now), logger: logger) {
                    inserted.append(id)
                }
                guard inserted.count == 1, let attendance = inserted.first else { throw RoundTripError.noRow }
                try await connection.execute(
                    LotAndLine(subject: subject, ledger: ledger, attendance: attendance, day: day, now: now), logger: logger)
            }
        case .fewest:
            try await client.withTransaction(logger: logger) { connection in
                let ledger = try await firstLot(try await connection.execute(LockAndReadLedger(enrolment: subject.enrolment), logger: logger))
                var written = 0
                for try await _ in try await connection.execute(
                    AttendanceLotAndLine(subject: subject, ledger: ledger, day: day, now: now), logger: logger)
                {
                    written += 1
                }
                guard written == 1 else { throw RoundTripError.noRow }
            }
        case .standingRead:
            return
        case .oneWrite:
            var written = 0
            for try await _ in try await client.execute(WholeWrite(subject: subject, day: day, now: now), logger: logger) { written += 1 }
            guard written == 1 else { throw RoundTripError.noRow }
        }
    }

    private func firstLot<Rows: AsyncSequence>(_ rows: Rows) async throws -> LedgerRow where Rows.Element == LedgerRow {
        var first: LedgerRow?
        for try await row in rows where first == nil || first?.lot == nil { first = row }
        guard let first, first.lot != nil else { throw RoundTripError.noRow }
        return first
    }
}
