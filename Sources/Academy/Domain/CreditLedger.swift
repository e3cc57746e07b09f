import FluentKit
import Foundation
import PatioCore
import SQLKit

/// The kinds of line in a class ledger.
enum CreditKind: String, Codable, Sendable, CaseIterable {
    case purchase, attendance, refund, adjustment, expiry
}

/// An enrolment's class balance as lots plus an append-only ledger. Every function runs inside the caller's
/// write, after `lock`, so two writes to one enrolment never interleave (PostgreSQL row lock; SQLite has one writer).
enum CreditLedger {
    static func lock(enrolment id: UUID, on db: any Database) async throws {
        let sql = db as! any SQLDatabase
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT id FROM academy_enrolments WHERE id = \(bind: id) FOR UPDATE").run()
        }
    }

    /// Writes off what is left of every lot that expired by `now`, one `expiry` line per lot.
    static func expireDueLots(enrolment id: UUID, now: Date, on db: any Database) async throws {
        let due = try await CreditLotModel.query(on: db).filter(\.$enrolmentID == id).filter(\.$remaining > 0)
            .filter(\.$expiresAt <= now).all()
        for lot in due {
            try await append(.expiry, delta: -lot.remaining, enrolment: id, lot: lot.id, payment: lot.paymentID, note: "", actor: nil, at: lot.expiresAt ?? now, on: db)
            lot.remaining = 0
            try await lot.save(on: db)
        }
    }

    /// Classes the student can still use: lots not yet expired.
    static func balance(enrolment id: UUID, now: Date, on db: any Database) async throws -> Int {
        try await usableLots(enrolment: id, now: now, on: db).reduce(0) { $0 + $1.remaining }
    }

    /// Lots with classes left, in the order they are consumed: soonest expiry first, never-expiring last.
    static func usableLots(enrolment id: UUID, now: Date, on db: any Database) async throws -> [CreditLotModel] {
        let lots = try await CreditLotModel.query(on: db).filter(\.$enrolmentID == id).filter(\.$remaining > 0).all()
        return lots.filter { ($0.expiresAt ?? .distantFuture) > now }
            .sorted { (($0.expiresAt ?? .distantFuture), $0.createdAt) < (($1.expiresAt ?? .distantFuture), $1.createdAt) }
    }

    @discardableResult
    static func addLot(enrolment id: UUID, classes: Int, payment: UUID?, expiresAt: Date?, kind: CreditKind, note: String, actor: UUID?, now: Date, on db: any Database) async throws -> CreditLotModel {
        let lot = CreditLotModel()
        lot.id = UUID()
        lot.enrolmentID = id
        lot.paymentID = payment
        lot.classes = classes
        lot.remaining = classes
        lot.expiresAt = expiresAt
        lot.createdAt = now
        try await lot.create(on: db)
        try await append(kind, delta: classes, enrolment: id, lot: lot.id, payment: payment, note: note, actor: actor, at: now, on: db)
        return lot
    }

    /// Takes `classes` from the usable lots (soonest expiry first), one ledger line per lot touched.
    static func consume(_ classes: Int, enrolment id: UUID, kind: CreditKind, attendance: UUID? = nil, note: String, actor: UUID?, now: Date, on db: any Database) async throws {
        let lots = try await usableLots(enrolment: id, now: now, on: db)
        guard lots.reduce(0, { $0 + $1.remaining }) >= classes else {
            throw AppError.conflict(code: "insufficient_classes", "The enrolment does not have that many classes left.")
        }
        var left = classes
        for lot in lots where left > 0 {
            let taken = min(left, lot.remaining)
            lot.remaining -= taken
            left -= taken
            try await lot.save(on: db)
            try await append(kind, delta: -taken, enrolment: id, lot: lot.id, payment: lot.paymentID, attendance: attendance, note: note, actor: actor, at: now, on: db)
        }
    }

    static func append(_ kind: CreditKind, delta: Int, enrolment id: UUID, lot: UUID?, payment: UUID?, attendance: UUID? = nil, note: String, actor: UUID?, at time: Date, on db: any Database) async throws {
        let last = try await CreditEntryModel.query(on: db).filter(\.$enrolmentID == id).max(\.$position) ?? 0
        let entry = CreditEntryModel()
        entry.id = UUID()
        entry.position = last + 1
        entry.enrolmentID = id
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
