import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// One side of a transfer: a signed amount (credit positive, debit negative) on a ledger account.
struct Leg: Codable, Sendable, Hashable {
    var accountId: UUID
    var amount: Int
}

/// A request to move money. `id` is the idempotency key: sending the same transfer again returns the first
/// result; reusing the id for a different transfer is refused.
struct TransferRequest: Sendable {
    var id: UUID
    var reason: String
    var causedBy: String?
    var legs: [Leg]
    var initiatedBy: UUID?
    /// When it happened, for history loaded after the fact (demo data); nil means now.
    var at: Date?

    init(id: UUID, reason: String, causedBy: String? = nil, legs: [Leg], initiatedBy: UUID? = nil, at: Date? = nil) {
        self.id = id
        self.reason = reason
        self.causedBy = causedBy
        self.legs = legs
        self.initiatedBy = initiatedBy
        self.at = at
    }

    /// The legs as the fingerprint covers them, each with its account's currency ("" for an unknown account).
    func fingerprintLegs(currencies: [UUID: String]) -> [TransferFingerprint.Leg] {
        legs.map { TransferFingerprint.Leg(accountId: $0.accountId, amount: $0.amount, currency: currencies[$0.accountId] ?? "") }
    }
}

struct TransferEntryView: Codable, Sendable {
    var accountId: UUID
    var amount: Int
    var currency: String
}

struct TransferView: Codable, Sendable {
    var id: UUID
    var reason: String
    var causedBy: String?
    var createdAt: Date
    var entries: [TransferEntryView]
}

/// The double-entry ledger: balanced, append-only transfers; balances kept in the same transaction.
struct Ledger: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    static let insufficientFunds = AppError(.conflict, code: "insufficient_funds", detail: "The wallet does not have enough money for this.")

    /// Applies `request` once. Returns the transfer and whether it had already been applied (a replay).
    func transfer(_ request: TransferRequest) async throws -> (transfer: TransferView, replayed: Bool) {
        try Self.validate(request)
        let now = clock.now()
        do {
            return try await database.write { db in
                if let existing = try await existing(request, on: db) { return (existing, true) }
                try await apply(request, now: now, on: db)
                return (try await view(request.id, on: db)!, false)
            }
        } catch {
            // A concurrent request with the same id committed first (PostgreSQL): answer as a replay.
            guard let databaseError = error as? any DatabaseError, databaseError.isConstraintFailure,
                let existing = try await existing(request, on: try database.reader)
            else { throw error }
            return (existing, true)
        }
    }

    private static func validate(_ request: TransferRequest) throws {
        var validator = Validator()
        validator.check(request.legs.count >= 2, "legs", "A transfer has at least two legs.", code: "legs_count")
        validator.check(request.legs.allSatisfy { $0.amount != 0 }, "legs", "No leg may be zero.", code: "leg_zero")
        validator.check(Set(request.legs.map(\.accountId)).count == request.legs.count, "legs", "Each account appears once.", code: "legs_repeat")
        validator.check((1...200).contains(request.reason.count), "reason", "Give a reason of 1 to 200 characters.", code: "reason_length")
        try validator.validate()
    }

    /// The stored transfer with this id, if its fingerprint matches; 422 if the id was used for something else.
    private func existing(_ request: TransferRequest, on db: any Database) async throws -> TransferView? {
        guard let stored = try await TransferModel.find(request.id, on: db) else { return nil }
        let accounts = try await LedgerAccountModel.query(on: db).filter(\.$id ~~ request.legs.map(\.accountId)).all()
        let currencies = Dictionary(
            accounts.compactMap { account in account.id.map { ($0, account.currency) } }, uniquingKeysWith: { first, _ in first })
        guard
            TransferFingerprint.matches(
                stored.fingerprint, reason: request.reason, causedBy: request.causedBy,
                legs: request.fingerprintLegs(currencies: currencies))
        else {
            throw AppError(
                .unprocessableContent, code: "idempotency_key_reused", detail: "This idempotency key was already used for a different request.")
        }
        return try await view(request.id, on: db)
    }

    /// Applies `request` inside the caller's write (e.g. together with a payment request's state change).
    /// Returns nil when a transfer with this id and fingerprint already exists (a replay).
    func transfer(_ request: TransferRequest, within db: any Database) async throws -> TransferView? {
        try Self.validate(request)
        if try await existing(request, on: db) != nil { return nil }
        try await apply(request, now: request.at ?? clock.now(), on: db)
        return try await view(request.id, on: db)
    }

    private func apply(_ request: TransferRequest, now: Date, on db: any Database) async throws {
        let sql = try db.sql
        let ids = request.legs.map(\.accountId).sorted { $0.uuidString < $1.uuidString }
        if sql.dialect.name == "postgresql" {
            // Locks in one order, so two transfers over the same accounts cannot deadlock.
            for id in ids { try await sql.raw("SELECT id FROM payments_accounts WHERE id = \(bind: id) FOR UPDATE").run() }
        }
        let accounts = try await LedgerAccountModel.query(on: db).filter(\.$id ~~ ids).all()
        let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id!, $0) })
        guard byID.count == ids.count else {
            throw AppError.notFound(code: "ledger_account_not_found", "A leg names an account that does not exist.")
        }
        var perCurrency: [String: Int] = [:]
        for leg in request.legs { perCurrency[byID[leg.accountId]!.currency, default: 0] += leg.amount }
        guard perCurrency.values.allSatisfy({ $0 == 0 }) else {
            throw AppError(.unprocessableContent, code: "transfer_unbalanced", detail: "Debits and credits differ in some currency.")
        }
        for leg in request.legs {
            let account = byID[leg.accountId]!
            if account.kind == LedgerAccountKind.wallet.rawValue, account.balance + leg.amount < 0 { throw Self.insufficientFunds }
        }
        let transfer = TransferModel()
        transfer.id = request.id
        transfer.reason = request.reason
        transfer.causedBy = request.causedBy
        transfer.fingerprint = TransferFingerprint.of(
            reason: request.reason, causedBy: request.causedBy,
            legs: request.fingerprintLegs(currencies: byID.mapValues(\.currency)))
        transfer.initiatedBy = request.initiatedBy
        transfer.createdAt = now
        try await transfer.create(on: db)
        for leg in request.legs {
            let account = byID[leg.accountId]!
            let entry = LedgerEntryModel()
            entry.id = UUID()
            entry.transferID = request.id
            entry.accountID = leg.accountId
            entry.amount = leg.amount
            entry.currency = account.currency
            entry.createdAt = now
            try await entry.create(on: db)
            try await sql.raw("UPDATE payments_accounts SET balance = balance + \(bind: leg.amount) WHERE id = \(bind: leg.accountId)").run()
        }
    }

    func view(_ id: UUID, on db: any Database) async throws -> TransferView? {
        guard let transfer = try await TransferModel.find(id, on: db) else { return nil }
        let entries = try await LedgerEntryModel.query(on: db).filter(\.$transferID == id).sort(\.$amount).all()
        return TransferView(
            id: id, reason: transfer.reason, causedBy: transfer.causedBy, createdAt: transfer.createdAt,
            entries: entries.map { TransferEntryView(accountId: $0.accountID, amount: $0.amount, currency: $0.currency) })
    }

    // MARK: Accounts

    /// The wallet of a person in `currency`, created on first use.
    func wallet(owner: UUID, currency: String, on db: any Database) async throws -> LedgerAccountModel {
        try await account(owner: owner, kind: .wallet, currency: currency, id: UUID(), on: db)
    }

    /// The outside world's side of deposits in `currency` (may go below zero).
    func funding(currency: String, on db: any Database) async throws -> LedgerAccountModel {
        try await system(.funding, currency: currency, on: db)
    }

    /// Where a cross-currency payment changes currency: it takes one currency in and pays the other out, so
    /// each currency still balances on its own (may go below zero).
    func exchange(currency: String, on db: any Database) async throws -> LedgerAccountModel {
        try await system(.exchange, currency: currency, on: db)
    }

    /// InterPay's own income (subscriptions) in `currency`.
    func revenue(currency: String, on db: any Database) async throws -> LedgerAccountModel {
        try await system(.revenue, currency: currency, on: db)
    }

    /// Legs that take `paid` from `payer` (in its currency) and give `received` to `payee` (in its currency);
    /// across currencies the exchange accounts stand between, so each currency balances on its own.
    func legs(payer: LedgerAccountModel, paid: Int, payee: LedgerAccountModel, received: Int, on db: any Database) async throws -> [Leg] {
        guard payer.currency != payee.currency else {
            return [Leg(accountId: payer.id!, amount: -received), Leg(accountId: payee.id!, amount: received)]
        }
        return [
            Leg(accountId: payer.id!, amount: -paid), Leg(accountId: try await exchange(currency: payer.currency, on: db).id!, amount: paid),
            Leg(accountId: try await exchange(currency: payee.currency, on: db).id!, amount: -received), Leg(accountId: payee.id!, amount: received),
        ]
    }

    private func system(_ kind: LedgerAccountKind, currency: String, on db: any Database) async throws -> LedgerAccountModel {
        let digest = Array(SHA256.hash(data: Data("patio.payments.\(kind.rawValue).\(currency)".utf8)))
        let id = UUID(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
        return try await account(owner: nil, kind: kind, currency: currency, id: id, on: db)
    }

    private func account(owner: UUID?, kind: LedgerAccountKind, currency: String, id: UUID, on db: any Database) async throws -> LedgerAccountModel {
        var query = LedgerAccountModel.query(on: db).filter(\.$kind == kind.rawValue).filter(\.$currency == currency)
        query = owner.map { query.filter(\.$ownerID == $0) } ?? query.filter(\.$id == id)
        if let found = try await query.first() { return found }
        // Two first payments in a currency may create its system account at once: the insert yields to the
        // one that got there first (which PostgreSQL makes this one wait for), then both read the same row.
        try await (try db.sql).insert(into: LedgerAccountModel.schema)
            .columns("id", "owner_id", "kind", "currency", "balance", "created_at")
            .values(SQLBind(id), SQLBind(owner), SQLBind(kind.rawValue), SQLBind(currency), SQLBind(0), SQLBind(clock.now()))
            .ignoringConflicts()
            .run()
        guard let account = try await query.first() else {
            throw AppError(.internalServerError, code: "ledger_account_missing", detail: "The ledger account could not be opened.")
        }
        return account
    }
}

enum LedgerAccountKind: String, Sendable {
    case wallet, funding, exchange, revenue
}
