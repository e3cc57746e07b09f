import Metrics
import NIOConcurrencyHelpers

/// How many requests Patio works on at once, and how long and how many may wait for their turn.
///
/// Without a bound every request goes straight for a database connection; under load they queue inside the
/// connection pool, where a request already holds its place in the server's memory and its session lookup
/// and any wait longer than the pool's timeout fails as a 500. The gate keeps the work in flight near what
/// the pool can serve, lets a burst wait its turn in order, and turns away what would wait too long with a
/// 503 the client can retry — before anything of the request has run.
final class AdmissionGate: Sendable {
    struct Limits: Sendable, Equatable {
        /// Requests worked on at once.
        var inFlight: Int
        /// Requests that may wait for a turn; one more is refused at once.
        var queued: Int
        /// How long a request may wait for its turn before it is refused.
        var wait: Duration
    }

    private struct Waiter {
        let continuation: CheckedContinuation<Bool, Never>
        let deadline: ContinuousClock.Instant
    }

    private struct State {
        var inFlight = 0
        /// Oldest first; each waits as long, so their deadlines come in this order too.
        var waiting: [Waiter] = []
        /// Requests taking up a turn they set down (`takeUp`): admitted once already, they come before `waiting`
        /// and are never refused.
        var returning: [CheckedContinuation<Void, Never>] = []
        /// Whether the task that refuses waiters past their deadline runs (`sweep`).
        var sweeping = false
    }

    /// The time now and a sleep until a time: the continuous clock's, or a test's.
    struct Clock: Sendable {
        var now: @Sendable () -> ContinuousClock.Instant
        var sleep: @Sendable (ContinuousClock.Instant) async -> Void

        static let continuous = Clock(now: { .now }, sleep: { try? await Task.sleep(until: $0, clock: .continuous) })
    }

    let limits: Limits
    private let clock: Clock
    private let state = NIOLockedValueBox(State())
    private let inFlightGauge = Gauge(label: "patio_requests_in_flight")
    private let queuedGauge = Gauge(label: "patio_requests_queued")
    private let shed = Counter(label: "patio_requests_shed_total")

    init(limits: Limits, clock: Clock = .continuous) {
        self.limits = limits
        self.clock = clock
    }

    /// Waits for a turn: true once the request may run (it must then call `leave`), false when it is refused.
    /// A request that has been let in is taken up again (`takeUp`) before any waiting for its first turn.
    func enter() async -> Bool {
        enum Decision { case admitted, refused, wait }
        let decision: Decision = state.withLockedValue { state in
            if state.inFlight < limits.inFlight && state.waiting.isEmpty && state.returning.isEmpty {
                state.inFlight += 1
                return .admitted
            }
            if state.waiting.count >= limits.queued { return .refused }
            return .wait
        }
        switch decision {
        case .admitted:
            record()
            return true
        case .refused:
            shed.increment()
            return false
        case .wait:
            let admitted = await withCheckedContinuation { continuation in
                let (admittedNow, startSweeping) = state.withLockedValue { state in
                    // Read under the lock, so the queue's order is its deadlines' order.
                    state.waiting.append(Waiter(continuation: continuation, deadline: clock.now() + limits.wait))
                    // Turns given back since the decision found no waiter to hand them to.
                    let admittedNow = Self.admitWhileRoom(&state, limit: limits.inFlight)
                    defer { state.sweeping = true }
                    return (admittedNow, !state.sweeping)
                }
                admittedNow.resume()
                record()
                if startSweeping { Task { await self.sweep() } }
            }
            if !admitted { shed.increment() }
            return admitted
        }
    }

    /// Ends a request's turn (or sets it down for a while) and hands it to a request taking its turn up again,
    /// else to the longest-waiting request, if any.
    func leave() {
        let next = state.withLockedValue { state in
            state.inFlight -= 1
            return Self.admitWhileRoom(&state, limit: limits.inFlight)
        }
        next.resume()
        record()
    }

    /// Takes a turn again after `leave` set it down: at once while fewer than the limit run, otherwise before any
    /// request still waiting for its first turn, and never refused (the request has run and owes its answer).
    func takeUp() async {
        let now: Bool = state.withLockedValue { state in
            guard state.inFlight < limits.inFlight else { return false }
            state.inFlight += 1
            return true
        }
        if !now {
            await withCheckedContinuation { continuation in
                let admitted = state.withLockedValue { state in
                    state.returning.append(continuation)
                    // A turn given back since the check above found no one to hand it to.
                    return Self.admitWhileRoom(&state, limit: limits.inFlight)
                }
                admitted.resume()
            }
        }
        record()
    }

    /// The requests let in at once: those taking a turn up again, then first turns.
    private struct Admitted {
        var returning: [CheckedContinuation<Void, Never>] = []
        var waiting: [Waiter] = []

        func resume() {
            for continuation in returning { continuation.resume() }
            for waiter in waiting { waiter.continuation.resume(returning: true) }
        }
    }

    /// While fewer than `limit` run, lets in the requests taking a turn up again, then the longest-waiting ones,
    /// counting them in.
    private static func admitWhileRoom(_ state: inout State, limit: Int) -> Admitted {
        var admitted = Admitted()
        while state.inFlight < limit, !state.returning.isEmpty {
            state.inFlight += 1
            admitted.returning.append(state.returning.removeFirst())
        }
        while state.inFlight < limit, !state.waiting.isEmpty {
            state.inFlight += 1
            admitted.waiting.append(state.waiting.removeFirst())
        }
        return admitted
    }

    /// Refuses each waiter once its deadline has passed, sleeping until the oldest one's, and ends when none waits.
    ///
    /// One task for all waiters, not a timer per waiter: a sleeping task that is cancelled keeps its memory and
    /// its dispatch timer until the time it slept for has passed, so a timer per waiter, cancelled when its turn
    /// came, kept about 700 bytes per request for the whole `wait` (30 s): over 100 MB at 6,000 requests a second.
    private func sweep() async {
        while true {
            let next: ContinuousClock.Instant? = state.withLockedValue { state in
                guard let oldest = state.waiting.first else {
                    state.sweeping = false
                    return nil
                }
                return oldest.deadline
            }
            guard let next else { return }
            await clock.sleep(next)
            let now = clock.now()
            let expired = state.withLockedValue { state in
                let due = state.waiting.prefix { $0.deadline <= now }
                state.waiting.removeFirst(due.count)
                return due
            }
            for waiter in expired { waiter.continuation.resume(returning: false) }
            if !expired.isEmpty { record() }
        }
    }

    /// Requests waiting for a turn.
    var queued: Int { state.withLockedValue { $0.waiting.count } }

    /// Requests waiting to take up a turn they set down.
    var returning: Int { state.withLockedValue { $0.returning.count } }

    private func record() {
        let (inFlight, queued) = state.withLockedValue { ($0.inFlight, $0.waiting.count) }
        inFlightGauge.record(inFlight)
        queuedGauge.record(queued)
    }
}
