import FluentKit
import Foundation
import PatioCore
import SQLKit

/// The kinds of line in a class ledger.
enum CreditKind: String, Codable, Sendable, CaseIterable {
    case purchase, attendance, refund, adjustment, expiry
}

/// Reading an enrolment's balance without writing: the lots that are not expired yet.
enum CreditLedger {
    /// Lots with classes left, in the order they are consumed: soonest expiry first, never-expiring last.
    static func usableLots(enrolment id: UUID, now: Date, on db: any Database) async throws -> [CreditLotModel] {
        let lots = try await CreditLotModel.query(on: db).filter(\.$enrolmentID == id).filter(\.$remaining > 0).all()
        return consumptionOrder(lots.filter { $0.creditLot.isUsable(at: now) })
    }

    static func balance(enrolment id: UUID, now: Date, on db: any Database) async throws -> Int {
        try await usableLots(enrolment: id, now: now, on: db).reduce(0) { $0 + $1.remaining }
    }

    static func consumptionOrder(_ lots: [CreditLotModel]) -> [CreditLotModel] {
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
    private(set) var lots: [CreditLotModel]
    private var position: Int

    static func open(enrolment id: UUID, now: Date, on db: any Database) async throws -> LedgerSession {
        let sql = try db.sql
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT id FROM academy_enrolments WHERE id = \(bind: id) FOR UPDATE").run()
        }
        let held = try await CreditLotModel.query(on: db).filter(\.$enrolmentID == id).filter(\.$remaining > 0).all()
        let last = try await CreditEntryModel.query(on: db).filter(\.$enrolmentID == id).max(\.$position) ?? 0
        var session = LedgerSession(enrolment: id, now: now, db: db, lots: [], position: last)
        let expired = Set(CreditLots.expired(held.map(\.creditLot), at: now).map(\.id))
        for lot in held where expired.contains(lot.creditLot.id) {
            try await session.append(
                .expiry, delta: -lot.remaining, lot: lot.id, payment: lot.paymentID, note: "", actor: nil, at: lot.expiresAt ?? now)
            lot.remaining = 0
            try await lot.save(on: db)
        }
        session.lots = CreditLedger.consumptionOrder(held.filter { $0.remaining > 0 })
        return session
    }

    var balance: Int { lots.reduce(0) { $0 + $1.remaining } }

    static let insufficientClasses = AppError.conflict(code: "insufficient_classes", "The enrolment does not have that many classes left.")

    mutating func addLot(classes: Int, payment: UUID?, expiresAt: Date?, kind: CreditKind, note: String, actor: UUID?) async throws {
        let lot = CreditLotModel()
        lot.id = UUID()
        lot.enrolmentID = enrolment
        lot.paymentID = payment
        lot.classes = classes
        lot.remaining = classes
        lot.expiresAt = expiresAt
        lot.createdAt = now
        try await lot.create(on: db)
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
    mutating func take(_ classes: Int, from lot: CreditLotModel, kind: CreditKind, attendance: UUID? = nil, note: String, actor: UUID?) async throws {
        guard CreditLots.take(classes, from: lot.creditLot, at: now) != nil else { throw Self.insufficientClasses }
        lot.remaining -= classes
        try await lot.save(on: db)
        try await append(kind, delta: -classes, lot: lot.id, payment: lot.paymentID, attendance: attendance, note: note, actor: actor, at: now)
        lots.removeAll { $0.remaining == 0 }
    }

    private mutating func append(
        _ kind: CreditKind, delta: Int, lot: UUID?, payment: UUID?, attendance: UUID? = nil, note: String, actor: UUID?, at time: Date
    ) async throws {
        position += 1
        let entry = CreditEntryModel()
        entry.id = UUID()
        entry.enrolmentID = enrolment
        entry.position = position
        entry.kind = kind.rawValue
        entry.delta = delta
        entry.lotID = lot
        entry.paymentID = payment
        entry.attendanceID = attendance
        entry.note = note
        entry.actorID = actor
        entry.createdAt = time
        try await entry.create(on: db)
    }
}
