import FluentKit
import Foundation
import PatioCore
import PatioData

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

    /// Throws `too_many_attempts` when either counter is exhausted.
    public func check(email: String, ip: String) async throws {
        let now = clock.now()
        let since = now.addingTimeInterval(-settings.throttleWindow)
        let byEmail = try await LoginFailureModel.query(on: database.reader)
            .filter(\.$email == email).filter(\.$failedAt > since).sort(\.$failedAt, .descending)
            .limit(settings.maxFailuresPerEmail).all()
        if byEmail.count >= settings.maxFailuresPerEmail, let oldest = byEmail.last {
            throw refusal(retryAt: oldest.failedAt.addingTimeInterval(settings.throttleWindow), now: now)
        }
        let byIP = try await LoginFailureModel.query(on: database.reader)
            .filter(\.$ip == ip).filter(\.$failedAt > since).sort(\.$failedAt, .descending)
            .limit(settings.maxFailuresPerIP).all()
        if byIP.count >= settings.maxFailuresPerIP, let oldest = byIP.last {
            throw refusal(retryAt: oldest.failedAt.addingTimeInterval(settings.throttleWindow), now: now)
        }
    }

    public func recordFailure(email: String, ip: String) async throws {
        let failure = LoginFailureModel(email: email, ip: ip, failedAt: clock.now())
        let expired = clock.now().addingTimeInterval(-settings.throttleWindow)
        try await database.write { db in
            try await failure.create(on: db)
            // Old failures no longer count; dropping them here keeps the table small without a janitor.
            try await LoginFailureModel.query(on: db).filter(\.$failedAt < expired).delete()
        }
    }

    /// A successful sign-in clears the account's counter (the IP counter keeps its history).
    public func reset(email: String) async throws {
        try await database.write { db in
            try await LoginFailureModel.query(on: db).filter(\.$email == email).delete()
        }
    }

    private func refusal(retryAt: Date, now: Date) -> AppError {
        // Dates round-trip through the database as floating point; ignore sub-millisecond noise.
        let seconds = max(1, Int((retryAt.timeIntervalSince(now) - 0.001).rounded(.up)))
        return AppError(
            .tooManyRequests, code: "too_many_attempts",
            detail: "Too many failed sign-ins. Try again in \(seconds) seconds.",
            headers: ["Retry-After": String(seconds)]
        )
    }
}
