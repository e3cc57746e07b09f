import Foundation
import NIOConcurrencyHelpers
import PatioCore

/// How hard Patio may press on SAES on a student's behalf: one operation at a time per student, a few per
/// minute per student, and a shared ceiling of operations at once per portal. An operation (a sync, a CAPTCHA,
/// a sign-in, an availability search) that would pass a limit is refused 429 with `Retry-After` before any
/// request reaches SAES.
///
/// Counted in this process: with several instances on PostgreSQL each keeps its own counts, so a portal sees
/// at most the ceiling times the number of instances.
final class SAESThrottle: Sendable {
    struct Limits: Sendable {
        /// Operations one student may start per `window`.
        var perStudent = 12
        var window: TimeInterval = 60
        /// Operations in flight at once against one portal, all students together.
        var perPortal = 4
    }

    private struct State {
        var busy: Set<UUID> = []
        var started: [UUID: [Date]] = [:]
        var inFlight: [String: Int] = [:]
    }

    let limits: Limits
    let clock: PatioClock
    private let state = NIOLockedValueBox(State())

    init(limits: Limits = Limits(), clock: PatioClock) {
        self.limits = limits
        self.clock = clock
    }

    /// Runs `body` when the student and the portal have room for it; otherwise throws 429 without running it.
    func run<T: Sendable>(accountID: UUID, portal: String, _ body: () async throws -> T) async throws -> T {
        try admit(accountID: accountID, portal: portal)
        defer { release(accountID: accountID, portal: portal) }
        return try await body()
    }

    private func admit(accountID: UUID, portal: String) throws {
        let now = clock.now()
        let refusal: AppError? = state.withLockedValue { state in
            if state.busy.contains(accountID) {
                return Self.refusal("Patio is already talking to your SAES for you; wait for it to finish.", seconds: 2)
            }
            let recent = (state.started[accountID] ?? []).filter { now.timeIntervalSince($0) < limits.window }
            if recent.count >= limits.perStudent, let oldest = recent.min() {
                return Self.refusal(
                    "You asked SAES for too much at once.", seconds: Int((limits.window - now.timeIntervalSince(oldest)).rounded(.up)))
            }
            if state.inFlight[portal, default: 0] >= limits.perPortal {
                return Self.refusal("Your school's SAES is busy with other students right now.", seconds: 5)
            }
            state.busy.insert(accountID)
            state.started[accountID] = recent + [now]
            state.inFlight[portal, default: 0] += 1
            return nil
        }
        if let refusal { throw refusal }
    }

    private func release(accountID: UUID, portal: String) {
        state.withLockedValue { state in
            state.busy.remove(accountID)
            state.inFlight[portal, default: 1] -= 1
            if state.inFlight[portal] == 0 { state.inFlight[portal] = nil }
        }
    }

    static func refusal(_ reason: String, seconds: Int) -> AppError {
        let seconds = max(1, seconds)
        return AppError(
            .tooManyRequests, code: "saes_rate_limited", detail: "\(reason) Try again in \(seconds) seconds.",
            headers: ["Retry-After": String(seconds)])
    }
}
