import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Limits how often an account and an IP may do something costly or guessable inside a sliding window, the
/// way sign-in throttling does (429 `too_many_attempts` with `Retry-After`), with InterPay's own table
/// (`payments_throttle_hits`), so that several Patio instances sharing the database throttle together.
struct PaymentsThrottle: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    struct Rule: Sendable {
        /// What is counted (`signup`, `code_miss`); also picks the PostgreSQL advisory lock.
        var kind: String
        /// Events allowed per account inside `window`; nil when the caller has no account yet.
        var perAccount: Int?
        /// Events allowed per client IP inside `window`.
        var perIP: Int
        var window: TimeInterval
        /// What the 429 says, before "Try again in N seconds."
        var refusal: String
    }

    /// Six-digit codes looked up that matched no open request: 10 per account and 30 per IP in 15 minutes.
    /// Someone who mistypes a code a few times never notices; someone sweeping the million codes would need
    /// thousands of account-hours to find one.
    static let codeMisses = Rule(
        kind: "code_miss", perAccount: 10, perIP: 30, window: 15 * 60,
        refusal: "Too many codes that match no payment request.")

    /// Sign-ups per IP per hour (each one hashes a password and opens a permanent account).
    static func signups(perIP: Int) -> Rule {
        Rule(kind: "signup", perAccount: nil, perIP: perIP, window: 3_600, refusal: "Too many sign-ups from this address.")
    }

    /// A counted event that can still be taken back (`release`), e.g. a code look-up that turned out to match.
    struct Reservation: Sendable { let id: UUID }

    /// Counts one event, or refuses with 429 when the account or the IP has reached its limit. The count and
    /// the insert share one write — SQLite's single writer serialises it, on PostgreSQL a transaction-scoped
    /// advisory lock per rule does, across instances — so a parallel burst gets exactly the limit.
    func reserve(_ rule: Rule, account: UUID?, ip: String) async throws -> Reservation {
        let now = clock.now()
        let hit = ThrottleHitModel(kind: rule.kind, accountID: account, ip: ip, at: now)
        try await database.write { db in
            let sql = try db.sql
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: Self.advisoryLock(rule.kind)))").run()
            }
            let since = now.addingTimeInterval(-rule.window)
            if let perAccount = rule.perAccount, let account {
                try await Self.refuseIfExhausted(
                    ThrottleHitModel.query(on: db).filter(\.$accountID == account), rule: rule, limit: perAccount, since: since, now: now)
            }
            try await Self.refuseIfExhausted(
                ThrottleHitModel.query(on: db).filter(\.$ip == ip), rule: rule, limit: rule.perIP, since: since, now: now)
            try await hit.create(on: db)
            // Events outside the window no longer count; dropping them here keeps the table small without a janitor.
            try await ThrottleHitModel.query(on: db).filter(\.$kind == rule.kind).filter(\.$at <= since).delete()
        }
        return Reservation(id: hit.id!)
    }

    /// Takes a reservation back inside the caller's write: the event turned out not to count.
    static func release(_ reservation: Reservation, on db: any Database) async throws {
        try await ThrottleHitModel.query(on: db).filter(\.$id == reservation.id).delete()
    }

    private static func refuseIfExhausted(_ query: QueryBuilder<ThrottleHitModel>, rule: Rule, limit: Int, since: Date, now: Date) async throws {
        let counted = try await query.filter(\.$kind == rule.kind).filter(\.$at > since).sort(\.$at, .descending).limit(limit).all()
        guard counted.count >= limit, let oldest = counted.last else { return }
        // Dates round-trip through the database as floating point; ignore sub-millisecond noise.
        let seconds = max(1, Int((oldest.at.addingTimeInterval(rule.window).timeIntervalSince(now) - 0.001).rounded(.up)))
        throw AppError(
            .tooManyRequests, code: "too_many_attempts", detail: "\(rule.refusal) Try again in \(seconds) seconds.",
            headers: ["Retry-After": String(seconds)])
    }

    /// A constant per rule among PostgreSQL advisory locks ("pay" + the first five bytes of the kind).
    private static func advisoryLock(_ kind: String) -> Int64 {
        (Array("pay".utf8) + Array(kind.utf8.prefix(5))).reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    }
}
