import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

struct WalletView: Codable, Sendable {
    var accountId: UUID
    var balance: Int
    var currency: String
}

/// One entry on the caller's wallet, with the transfer it belongs to.
struct MovementView: Codable, Sendable {
    var transferId: UUID
    var amount: Int
    var currency: String
    var direction: String
    var reason: String
    var causedBy: String?
    var createdAt: Date
}

/// Wallet balance, movements, and the ways money enters: admin deposits and (demo only) test funds.
struct WalletService: Sendable {
    let database: PatioDatabase
    let ledger: Ledger
    let clock: PatioClock

    func wallet(owner: UUID, currency: String) async throws -> WalletView {
        let account = try await database.write { db in try await ledger.wallet(owner: owner, currency: currency, on: db) }
        return WalletView(accountId: account.id!, balance: account.balance, currency: account.currency)
    }

    /// Newest first; `direction` is `in` or `out`; dates are UTC days, inclusive.
    func movements(owner: UUID, currency: String, query: [String: String], page: CursorPageRequest) async throws -> CursorPage<MovementView> {
        var validator = Validator()
        let direction = query["direction"].flatMap { $0.isEmpty ? nil : $0 }
        if let direction { validator.check(["in", "out"].contains(direction), "direction", "Use in or out.", code: "direction_choice") }
        let from = query["from"].flatMap { $0.isEmpty ? nil : $0 }, to = query["to"].flatMap { $0.isEmpty ? nil : $0 }
        let fromDate = from.flatMap(Self.day), toDate = to.flatMap(Self.day)
        if from != nil { validator.check(fromDate != nil, "from", "Use yyyy-MM-dd.", code: "date_format") }
        if to != nil { validator.check(toDate != nil, "to", "Use yyyy-MM-dd.", code: "date_format") }
        try validator.validate()
        let wallet = try await self.wallet(owner: owner, currency: currency)
        var conditions: [SQLQueryString] = ["e.account_id = \(bind: wallet.accountId)"]
        if direction == "in" { conditions.append("e.amount > 0") }
        if direction == "out" { conditions.append("e.amount < 0") }
        if let fromDate { conditions.append("e.created_at >= \(bind: fromDate)") }
        if let toDate { conditions.append("e.created_at < \(bind: toDate.addingTimeInterval(86_400))") }
        if let (date, id) = try page.timeAndID() {
            conditions.append(NewestFirstCursor.after(time: date, id: id, timeColumn: "e.created_at", idColumn: "e.id"))
        }
        struct Row: Decodable {
            let id: UUID; let transfer_id: UUID; let amount: Int; let currency: String; let reason: String; let caused_by: String?;
            let created_at: Date
        }
        let rows = try await (try database.reader.sql).raw(
            """
            SELECT e.id, e.transfer_id, e.amount, e.currency, t.reason, t.caused_by, e.created_at
            FROM payments_entries e JOIN payments_transfers t ON t.id = e.transfer_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY e.created_at DESC, e.id DESC LIMIT \(literal: page.limit + 1)
            """
        ).all(decoding: Row.self)
        let items = rows.prefix(page.limit).map {
            MovementView(
                transferId: $0.transfer_id, amount: $0.amount, currency: $0.currency, direction: $0.amount > 0 ? "in" : "out",
                reason: $0.reason, causedBy: $0.caused_by, createdAt: $0.created_at)
        }
        let next = rows.count > page.limit ? rows[page.limit - 1] : nil
        return CursorPage(items: Array(items), nextCursor: next.map { CursorPageRequest.cursor(after: $0.created_at, id: $0.id) })
    }

    private static func day(_ text: String) -> Date? {
        guard text.count == 10 else { return nil }
        return try? Date("\(text)T00:00:00Z", strategy: .iso8601)
    }

    /// Money coming in from outside Patio, labelled as what it is (`deposit` or `test_funds`).
    func fund(owner: UUID, currency: String, amount: Int, reason: String, id: UUID?, actor: UUID?) async throws -> TransferView {
        guard (1...100_000_000).contains(amount) else {
            throw AppError.validation(field: "amount", "Give a positive amount in minor units, at most 100000000.", code: "amount_positive")
        }
        let legs: (funding: UUID, wallet: UUID) = try await database.write { db in
            (try await ledger.funding(currency: currency, on: db).id!, try await ledger.wallet(owner: owner, currency: currency, on: db).id!)
        }
        let request = TransferRequest(
            id: id ?? UUID(), reason: reason, causedBy: nil,
            legs: [Leg(accountId: legs.funding, amount: -amount), Leg(accountId: legs.wallet, amount: amount)], initiatedBy: actor)
        return try await ledger.transfer(request).transfer
    }
}
