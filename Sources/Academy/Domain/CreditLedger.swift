import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// The kinds of line in a class ledger.
enum CreditKind: String, Codable, Sendable, CaseIterable {
    case purchase, attendance, refund, adjustment, expiry
}

/// One lot of classes as the ledger reads and writes it: a plain row, read with fixed SQL text.
///
/// A check-in reads and changes lots inside the writer's transaction; going through Fluent's models there
/// cost more than SQLite did (each query enumerates the model's properties by reflection), so the ledger
/// reads rows straight into this struct and writes them with literal statements.
struct CreditLotRow: Decodable, Sendable, Equatable {
    var id: UUID
    var enrolmentID: UUID
    var paymentID: UUID?
    var classes: Int
    var remaining: Int
    var expiresAt: Date?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, classes, remaining
        case enrolmentID = "enrolment_id", paymentID = "payment_id", expiresAt = "expires_at", createdAt = "created_at"
    }

    /// This row as the consumption rule sees it.
    var creditLot: CreditLot { CreditLot(id: id, remaining: remaining, expiresAt: expiresAt, createdAt: createdAt) }

    static let columns = "id, enrolment_id, payment_id, classes, remaining, expires_at, created_at"
}

extension CreditLotRow {
    /// The row from the seven `columns` starting at `index`, read by place.
    init(_ columns: inout SQLColumns, from index: Int) throws {
        self.init(
            id: try columns.uuid(index), enrolmentID: try columns.uuid(index + 1), paymentID: try columns.optionalUUID(index + 2),
            classes: try columns.int(index + 3), remaining: try columns.int(index + 4), expiresAt: try columns.optionalDate(index + 5),
            createdAt: try columns.date(index + 6))
    }
}

/// Reading balances without writing: the lots that are not expired yet.
enum CreditLedger {
    /// Lots with classes left, in the order they are consumed: soonest expiry first, never-expiring last.
    static func usableLots(enrolment id: UUID, now: Date, on db: any Database) async throws -> [CreditLotRow] {
        try await usableLots(enrolments: [id], now: now, on: db)[id] ?? []
    }

    /// `usableLots` of many enrolments in one query, keyed by enrolment.
    static func usableLots(enrolments ids: [UUID], now: Date, on db: any Database) async throws -> [UUID: [CreditLotRow]] {
        var lots: [CreditLotRow] = []
        for slice in BoundList.slices(ids) {
            lots += try await (try db.sql).raw(
                """
                SELECT \(unsafeRaw: CreditLotRow.columns) FROM academy_credit_lots
                WHERE enrolment_id IN (\(binds: slice)) AND remaining > 0
                """
            ).all(decoding: CreditLotRow.self)
        }
        return Dictionary(grouping: lots.filter { $0.creditLot.isUsable(at: now) }, by: \.enrolmentID).mapValues(consumptionOrder)
    }

    static func balance(enrolment id: UUID, now: Date, on db: any Database) async throws -> Int {
        try await usableLots(enrolment: id, now: now, on: db).reduce(0) { $0 + $1.remaining }
    }

    static func consumptionOrder(_ lots: [CreditLotRow]) -> [CreditLotRow] {
        lots.sorted { CreditLots.precedes($0.creditLot, $1.creditLot) }
    }
}

/// An enrolment's balance opened for change inside one write: the enrolment is locked (a row lock on
/// PostgreSQL; SQLite has one writer), its lots are read once and expired ones written off, and every change
/// appends ledger lines in order. Two writes to one enrolment therefore never interleave, and the ledger
/// always adds up to the balance.
struct LedgerSession {
    let enrolment: UUID
    let now: Date
    let db: any Database
    /// Usable lots in consumption order.
    private(set) var lots: [CreditLotRow]
    private var position: Int

    static func open(enrolment id: UUID, now: Date, on db: any Database) async throws -> LedgerSession {
        let sql = try db.sql.keptPrepared
        // The lock first, in a statement of its own: PostgreSQL reads a statement's subqueries as of its start, so a
        // last position read in the same statement as a lock that waited would miss the lines of the write it
        // waited for.
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT id FROM academy_enrolments WHERE id = \(bind: id) FOR UPDATE").run()
        }
        // The ledger's last position and the lots with classes left, in one statement: one row with the position
        // alone when there is no such lot. The lot's columns are unqualified: the position's subquery has only `last`.
        let rows = try await sql.raw(
            """
            SELECT p.last, \(unsafeRaw: CreditLotRow.columns)
            FROM (SELECT MAX(position) AS last FROM academy_credit_entries WHERE enrolment_id = \(bind: id)) p
            LEFT JOIN academy_credit_lots l ON l.enrolment_id = \(bind: id) AND l.remaining > 0
            """
        ).all()
        var last = 0
        var held: [CreditLotRow] = []
        for row in rows {
            var columns = SQLColumns(row)
            last = try columns.optionalInt(0) ?? 0
            guard try columns.optionalUUID(1) != nil else { continue }
            held.append(try CreditLotRow(&columns, from: 1))
        }
        var session = LedgerSession(enrolment: id, now: now, db: db, lots: [], position: last)
        let expired = Set(CreditLots.expired(held.map(\.creditLot), at: now).map(\.id))
        var kept: [CreditLotRow] = []
        for var lot in held {
            if expired.contains(lot.id) {
                let writtenOff = lot.remaining
                lot.remaining = 0
                try await session.record(lot, .expiry, delta: -writtenOff, note: "", actor: nil, at: lot.expiresAt ?? now)
            } else {
                kept.append(lot)
            }
        }
        session.lots = CreditLedger.consumptionOrder(kept)
        return session
    }

    var balance: Int { lots.reduce(0) { $0 + $1.remaining } }

    static let insufficientClasses = AppError.conflict(code: "insufficient_classes", "The enrolment does not have that many classes left.")

    mutating func addLot(classes: Int, payment: UUID?, expiresAt: Date?, kind: CreditKind, note: String, actor: UUID?) async throws {
        let lot = CreditLotRow(
            id: UUID(), enrolmentID: enrolment, paymentID: payment, classes: classes, remaining: classes, expiresAt: expiresAt, createdAt: now)
        try await (try db.sql).raw(
            """
            INSERT INTO academy_credit_lots (\(unsafeRaw: CreditLotRow.columns))
            VALUES (\(bind: lot.id), \(bind: lot.enrolmentID), \(bind: lot.paymentID), \(bind: lot.classes), \(bind: lot.remaining), \
            \(bind: lot.expiresAt), \(bind: lot.createdAt))
            """
        ).run()
        try await append(kind, delta: classes, lot: lot.id, payment: payment, note: note, actor: actor, at: now)
        lots = CreditLedger.consumptionOrder(lots + [lot])
    }

    /// Takes `classes` from the usable lots (soonest expiry first), one ledger line per lot touched.
    mutating func consume(_ classes: Int, kind: CreditKind, attendance: UUID? = nil, note: String, actor: UUID?) async throws {
        guard let takes = CreditLots.consume(classes, from: lots.map(\.creditLot), at: now) else { throw Self.insufficientClasses }
        for planned in takes {
            guard let lot = lots.first(where: { $0.id == planned.lot }) else { throw Self.insufficientClasses }
            try await take(planned.classes, from: lot, kind: kind, attendance: attendance, note: note, actor: actor)
        }
    }

    /// Takes classes from one lot (refunds take from the lot their payment bought).
    /// Refused with `insufficient_classes` beyond what is left of the lot, or once it has expired.
    mutating func take(_ classes: Int, from lot: CreditLotRow, kind: CreditKind, attendance: UUID? = nil, note: String, actor: UUID?) async throws {
        guard CreditLots.take(classes, from: lot.creditLot, at: now) != nil, let index = lots.firstIndex(where: { $0.id == lot.id }) else {
            throw Self.insufficientClasses
        }
        lots[index].remaining -= classes
        try await record(lots[index], kind, delta: -classes, attendance: attendance, note: note, actor: actor, at: now)
        lots.removeAll { $0.remaining == 0 }
    }

    /// Writes the classes `lot` now has left and the ledger line that moved them: on PostgreSQL one statement (the
    /// update in a data-modifying `WITH`, which runs whether or not the line reads it), a round trip fewer in every
    /// check-in; on SQLite, which has no such `WITH`, two.
    private mutating func record(
        _ lot: CreditLotRow, _ kind: CreditKind, delta: Int, attendance: UUID? = nil, note: String, actor: UUID?, at time: Date
    ) async throws {
        let sql = try db.sql.keptPrepared
        let update: SQLQueryString = "UPDATE academy_credit_lots SET remaining = \(bind: lot.remaining) WHERE id = \(bind: lot.id)"
        let line = nextLine(kind, delta: delta, lot: lot.id, payment: lot.paymentID, attendance: attendance, note: note, actor: actor, at: time)
        if sql.dialect.name == "postgresql" {
            try await sql.raw("WITH lot AS (\(update)) " + line).run()
        } else {
            try await sql.raw(update).run()
            try await sql.raw(line).run()
        }
    }

    private mutating func append(
        _ kind: CreditKind, delta: Int, lot: UUID?, payment: UUID?, attendance: UUID? = nil, note: String, actor: UUID?, at time: Date
    ) async throws {
        let line = nextLine(kind, delta: delta, lot: lot, payment: payment, attendance: attendance, note: note, actor: actor, at: time)
        try await (try db.sql).keptPrepared.raw(line).run()
    }

    /// The INSERT of the ledger's next line.
    private mutating func nextLine(
        _ kind: CreditKind, delta: Int, lot: UUID?, payment: UUID?, attendance: UUID?, note: String, actor: UUID?, at time: Date
    ) -> SQLQueryString {
        position += 1
        return """
            INSERT INTO academy_credit_entries
                (id, enrolment_id, position, kind, delta, lot_id, payment_id, attendance_id, note, actor_id, created_at)
            VALUES (\(bind: UUID()), \(bind: enrolment), \(bind: position), \(bind: kind.rawValue), \(bind: delta), \(bind: lot), \
            \(bind: payment), \(bind: attendance), \(bind: note), \(bind: actor), \(bind: time))
            """
    }
}
