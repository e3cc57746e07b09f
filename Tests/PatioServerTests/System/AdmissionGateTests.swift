@testable import PatioServer
import Synchronization
import Testing

/// The gate's answer to one request, once given.
private final class Answer: Sendable {
    private let value = Mutex<Bool?>(nil)
    var decided: Bool? { value.withLock { $0 } }
    func set(_ admitted: Bool) { value.withLock { $0 = admitted } }
}

/// A request arriving at the gate: it asks for a turn at once and keeps the answer.
private struct Arrival {
    let answer = Answer()

    init(_ gate: AdmissionGate) {
        let answer = self.answer
        Task { answer.set(await gate.enter()) }
    }

    var decided: Bool? { answer.decided }
}

/// Polls until `arrival` has its answer, for at most ten seconds.
private func answer(of arrival: Arrival) async throws -> Bool? {
    for _ in 0..<1000 {
        if let decided = arrival.decided { return decided }
        try await Task.sleep(for: .milliseconds(10))
    }
    return nil
}

@Suite("The admission gate: requests beyond the limit wait their turn in order, and are refused only once their wait is over")
struct AdmissionGateTests {
    @Test("a request waits while the limit is reached and is let in, in arrival order, as turns are given back")
    func waitersGoInOrder() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(60)))
        #expect(await gate.enter())
        let first = Arrival(gate)
        try await Task.sleep(for: .milliseconds(50))
        let second = Arrival(gate)
        try await Task.sleep(for: .milliseconds(50))
        #expect(first.decided == nil && second.decided == nil)
        gate.leave()
        #expect(try await answer(of: first) == true)
        #expect(second.decided == nil, "the second request went in while the first held the only turn")
        gate.leave()
        #expect(try await answer(of: second) == true)
        gate.leave()
    }

    @Test("a request that waited past its wait is refused; one beyond the queue is refused at once")
    func refusals() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 1, wait: .milliseconds(300)))
        #expect(await gate.enter())
        let waiting = Arrival(gate)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await gate.enter() == false, "the queue holds one request")
        #expect(try await answer(of: waiting) == false)
        gate.leave()
        #expect(await gate.enter(), "the turn given back is free again")
        gate.leave()
    }

    @Test("each request's wait is its own: one let in before its wait ended leaves the next one waiting its full wait")
    func eachWaitIsItsOwn() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(2)))
        #expect(await gate.enter())
        let early = Arrival(gate)
        try await Task.sleep(for: .seconds(1))
        let later = Arrival(gate)
        try await Task.sleep(for: .milliseconds(100))
        gate.leave()
        #expect(try await answer(of: early) == true)
        // Past the early request's deadline, well before the later one's.
        try await Task.sleep(for: .milliseconds(1400))
        #expect(later.decided == nil, "the later request was refused at the earlier one's deadline")
        gate.leave()
        #expect(try await answer(of: later) == true)
        gate.leave()
    }

    @Test("after a burst of waiting requests is let in, the gate refuses none of them when their waits run out")
    func admittedAreNeverRefused() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 2, queued: 100, wait: .milliseconds(500)))
        #expect(await gate.enter())
        #expect(await gate.enter())
        let burst = (0..<50).map { _ in Arrival(gate) }
        try await Task.sleep(for: .milliseconds(100))
        for _ in 0..<50 { gate.leave() }
        for arrival in burst { #expect(try await answer(of: arrival) == true) }
        try await Task.sleep(for: .milliseconds(700))
        // Two turns are still held by the last two of the burst; nothing the sweep did took one back.
        let next = Arrival(gate)
        try await Task.sleep(for: .milliseconds(50))
        #expect(next.decided == nil)
        gate.leave()
        #expect(try await answer(of: next) == true)
        gate.leave()
        gate.leave()
    }
}
