import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Refuses sign-ins for an email or an IP that failed too often inside the window (429 + `Retry-After`).
public struct LoginThrottle: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let settings: IdentitySettings

    public init(database: PatioDatabase, clock: PatioClock, settings: IdentitySettings) {
        self.database = database
        self.clock = clock
        self.settings = settings
    }

    /// An attempt counted before the password is checked: it stays a failure unless `succeeded` is called.
    public struct Attempt: Sendable {
        let email: String
    }

    /// Counts an attempt against both counters atomically, before any password is hashed, so a parallel
    /// burst gets exactly as many tries as the limit and not one per request already past the check. The
    /// count and the insert share one write: SQLite's single writer serialises them, and on PostgreSQL
    /// an advisory lock does (several Patio instances share it).
    public func reserve(email: String, ip: String) async throws -> Attempt {
        let now = clock.now()
        let settings = self.settings
        let attempt = LoginFailureModel(email: email, ip: ip, failedAt: now)
        try await database.write { db in
            let sql = try db.sql
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: Self.advisoryLock))").run()
            }
            try await Self.refuseIfExhausted(email: email, ip: ip, on: db, now: now, settings: settings)
            try await attempt.create(on: db)
            // Old failures no longer count; dropping them here keeps the table small without a janitor.
            try await LoginFailureModel.query(on: db).filter(\.$failedAt < now.addingTimeInterval(-settings.throttleWindow)).delete()
        }
        return Attempt(email: email)
    }

    /// The attempt was a correct sign-in: the account's counter starts again, this attempt with it (the IP
    /// counter keeps its other entries).
    public func succeeded(_ attempt: Attempt) async throws {
        try await database.write { db in
            try await LoginFailureModel.query(on: db).filter(\.$email == attempt.email).delete()
        }
    }

    /// An arbitrary constant naming the sign-in throttle's lock among PostgreSQL advisory locks.
    private static let advisoryLock: Int64 = 0x7061_7469_6f5f_6c74

    private static func refuseIfExhausted(email: String, ip: String, on db: any Database, now: Date, settings: IdentitySettings) async throws {
        let since = now.addingTimeInterval(-settings.throttleWindow)
        let byEmail = try await LoginFailureModel.query(on: db)
            .filter(\.$email == email).filter(\.$failedAt > since).sort(\.$failedAt, .descending)
            .limit(settings.maxFailuresPerEmail).all()
        if byEmail.count >= settings.maxFailuresPerEmail, let oldest = byEmail.last {
            throw refusal(retryAt: oldest.failedAt.addingTimeInterval(settings.throttleWindow), now: now)
        }
        let byIP = try await LoginFailureModel.query(on: db)
            .filter(\.$ip == ip).filter(\.$failedAt > since).sort(\.$failedAt, .descending)
            .limit(settings.maxFailuresPerIP).all()
        if byIP.count >= settings.maxFailuresPerIP, let oldest = byIP.last {
            throw refusal(retryAt: oldest.failedAt.addingTimeInterval(settings.throttleWindow), now: now)
        }
    }

    private static func refusal(retryAt: Date, now: Date) -> AppError {
        // Dates round-trip through the database as floating point; ignore sub-millisecond noise.
        let seconds = max(1, Int((retryAt.timeIntervalSince(now) - 0.001).rounded(.up)))
        return AppError(
            .tooManyRequests, code: "too_many_attempts",
            detail: "Too many failed sign-ins. Try again in \(seconds) seconds.",
            headers: ["Retry-After": String(seconds)]
        )
    }
}
