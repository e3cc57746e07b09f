import Foundation
import PostgresNIO

/// A statement `Benchmarks/checkin-floor` sends prepared: its text is its type's, its binds are appended in order.
protocol FloorStatement: PostgresPreparedStatement {
    func append(to bindings: inout PostgresBindings)
}

extension FloorStatement {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings()
        append(to: &bindings)
        return bindings
    }
}

extension FloorStatement where Row == UUID {
    /// The id the statement returns.
    func decodeRow(_ row: PostgresRow) throws -> UUID { try row.makeRandomAccess()[0].decode(UUID.self) }
}

/// A statement whose one bind is an enrolment's id.
protocol OfEnrolment: FloorStatement {
    var enrolment: UUID { get }
}

extension OfEnrolment {
    func append(to bindings: inout PostgresBindings) { bindings.append(enrolment) }
}

extension OfEnrolment where Row == LedgerRow {
    /// The ledger's last position and a lot with classes left, every cell decoded.
    func decodeRow(_ row: PostgresRow) throws -> LedgerRow {
        let cells = row.makeRandomAccess()
        let last = try cells[0].decode(Int?.self) ?? 0
        guard let lot = try cells[1].decode(UUID?.self) else { return LedgerRow(last: last, lot: nil, remaining: 0) }
        _ = try (cells[2].decode(UUID.self), cells[3].decode(UUID?.self), cells[4].decode(Int.self))
        let remaining = try cells[5].decode(Int.self)
        _ = try (cells[6].decode(Date?.self), cells[7].decode(Date.self))
        return LedgerRow(last: last, lot: lot, remaining: remaining)
    }
}

/// A statement that inserts an attendance: its binds `$1`…`$7`.
protocol InsertsAttendance: FloorStatement {
    var subject: CheckInSubject { get }
    var day: String { get }
    var now: Date { get }
    /// The binds after the attendance's.
    func appendMore(to bindings: inout PostgresBindings)
}

extension InsertsAttendance {
    func append(to bindings: inout PostgresBindings) {
        bindings.append(UUID())
        bindings.append(subject.enrolment)
        bindings.append(subject.student)
        bindings.append(subject.schedule)
        bindings.append(subject.location)
        bindings.append(day)
        bindings.append(now)
        appendMore(to: &bindings)
    }
}

/// The standing read of one student, every cell decoded as the rules read it.
struct StandingRead: FloorStatement {
    static let sql = CheckInStatements.standing
    let subject: CheckInSubject
    let days: [String]
    let weekdays: [Int]

    func append(to bindings: inout PostgresBindings) {
        // The days around now as one range, for the attendances and again for the cancellations.
        for _ in 0..<2 {
            bindings.append(days.first ?? "")
            bindings.append(days.last ?? "")
        }
        bindings.append(true)
        for weekday in weekdays { bindings.append(weekday) }
        bindings.append(subject.location)
        bindings.append(subject.account)
    }

    /// 1 for a candidate enrolment, 0 for the student's row without one.
    func decodeRow(_ row: PostgresRow) throws -> Int {
        let cells = row.makeRandomAccess()
        _ = try cells[0].decode(UUID.self)
        _ = try cells[1].decode(Bool.self)
        guard try cells[7].decode(UUID?.self) != nil else { return 0 }
        _ = try (cells[2].decode(UUID.self), cells[3].decode(UUID.self), cells[4].decode(Int.self), cells[5].decode(Int.self))
        _ = try (cells[6].decode(Int.self), cells[8].decode(String.self), cells[9].decode(String.self), cells[10].decode(String.self))
        _ = try (cells[11].decode(String.self), cells[12].decode(String.self), cells[13].decode(String.self))
        _ = try (cells[14].decode(Int.self), cells[15].decode(Int.self))
        _ = try (cells[16].decode(String?.self), cells[17].decode(String?.self))
        return 1
    }
}

/// The enrolment's lock, alone.
struct LockEnrolment: OfEnrolment {
    static let sql = CheckInStatements.lock
    let enrolment: UUID
    func decodeRow(_ row: PostgresRow) throws {}
}

/// The ledger's last position and its lots with classes left.
struct LedgerRow: Sendable {
    let last: Int
    let lot: UUID?
    let remaining: Int
}

struct ReadLedger: OfEnrolment {
    static let sql = CheckInStatements.ledger
    let enrolment: UUID
}

struct LockAndReadLedger: OfEnrolment {
    static let sql = CheckInStatements.lockAndLedger
    let enrolment: UUID
}

struct InsertAttendance: InsertsAttendance {
    static let sql = CheckInStatements.attendance
    let subject: CheckInSubject
    let day: String
    let now: Date
    func appendMore(to bindings: inout PostgresBindings) {}
}

struct LotAndLine: FloorStatement {
    static let sql = CheckInStatements.lotAndLine
    let subject: CheckInSubject
    let ledger: LedgerRow
    let attendance: UUID
    let day: String
    let now: Date

    func append(to bindings: inout PostgresBindings) {
        bindings.append(ledger.remaining)
        bindings.append(ledger.lot ?? subject.lot)
        bindings.append(UUID())
        bindings.append(subject.enrolment)
        bindings.append(ledger.last + 1)
        bindings.append("attendance")
        bindings.append(-1)
        bindings.append(ledger.lot ?? subject.lot)
        bindings.append(UUID?.none)
        bindings.append(attendance)
        bindings.append(day)
        bindings.append(UUID?.none)
        bindings.append(now)
    }

    func decodeRow(_ row: PostgresRow) throws {}
}

struct AttendanceLotAndLine: InsertsAttendance {
    static let sql = CheckInStatements.attendanceLotAndLine
    let subject: CheckInSubject
    let ledger: LedgerRow
    let day: String
    let now: Date

    func appendMore(to bindings: inout PostgresBindings) {
        bindings.append(ledger.remaining)
        bindings.append(ledger.lot ?? subject.lot)
        bindings.append(UUID())
        bindings.append(ledger.last + 1)
    }
}

struct WholeWrite: InsertsAttendance {
    static let sql = CheckInStatements.wholeWrite
    let subject: CheckInSubject
    let day: String
    let now: Date

    func appendMore(to bindings: inout PostgresBindings) {
        bindings.append(subject.lot)
        bindings.append(UUID())
    }
}
