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
        var timer: Task<Void, Never>?
    }

    private struct State {
        var inFlight = 0
        var nextTicket: UInt64 = 0
        var waiting: [UInt64: Waiter] = [:]
    }

    let limits: Limits
    private let state = NIOLockedValueBox(State())
    private let inFlightGauge = Gauge(label: "patio_requests_in_flight")
    private let queuedGauge = Gauge(label: "patio_requests_queued")
    private let shed = Counter(label: "patio_requests_shed_total")

    init(limits: Limits) {
        self.limits = limits
    }

    /// Waits for a turn: true once the request may run (it must then call `leave`), false when it is refused.
    func enter() async -> Bool {
        enum Decision { case admitted, refused, wait(UInt64) }
        let decision: Decision = state.withLockedValue { state in
            if state.inFlight < limits.inFlight && state.waiting.isEmpty {
                state.inFlight += 1
                return .admitted
            }
            if state.waiting.count >= limits.queued { return .refused }
            state.nextTicket += 1
            return .wait(state.nextTicket)
        }
        switch decision {
        case .admitted:
            record()
            return true
        case .refused:
            shed.increment()
            return false
        case .wait(let ticket):
            let admitted = await withCheckedContinuation { continuation in
                state.withLockedValue { $0.waiting[ticket] = Waiter(continuation: continuation) }
                record()
                let timer = Task { [weak self, limits] in
                    try? await Task.sleep(for: limits.wait)
                    self?.expire(ticket)
                }
                // The turn may already have come: then the timer has nothing left to do.
                let stillWaiting = state.withLockedValue { state in
                    guard state.waiting[ticket] != nil else { return false }
                    state.waiting[ticket]?.timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
            if !admitted { shed.increment() }
            return admitted
        }
    }

    /// Ends a request's turn and hands it to the longest-waiting request, if any.
    func leave() {
        let next: Waiter? = state.withLockedValue { state in
            guard let first = state.waiting.keys.min() else {
                state.inFlight -= 1
                return nil
            }
            return state.waiting.removeValue(forKey: first)
        }
        if let next {
            next.timer?.cancel()
            next.continuation.resume(returning: true)
        }
        record()
    }

    private func expire(_ ticket: UInt64) {
        let waiter = state.withLockedValue { $0.waiting.removeValue(forKey: ticket) }
        waiter?.continuation.resume(returning: false)
        record()
    }

    private func record() {
        let (inFlight, queued) = state.withLockedValue { ($0.inFlight, $0.waiting.count) }
        inFlightGauge.record(inFlight)
        queuedGauge.record(queued)
    }
}
