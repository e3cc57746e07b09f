@testable import PatioServer
import PatioCore
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

/// A clock that moves only when the test moves it, and wakes whoever sleeps past the time it moved to.
private final class ManualClock: Sendable {
    private struct State {
        var now = ContinuousClock.now
        var sleepers: [(deadline: ContinuousClock.Instant, wake: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    var gateClock: AdmissionGate.Clock {
        AdmissionGate.Clock(
            now: { self.state.withLock { $0.now } },
            sleep: { deadline in
                await withCheckedContinuation { wake in
                    let due = self.state.withLock { state in
                        if state.now >= deadline { return true }
                        state.sleepers.append((deadline, wake))
                        return false
                    }
                    if due { wake.resume() }
                }
            })
    }

    var sleeping: Int { state.withLock { $0.sleepers.count } }

    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.wake.resume() }
    }
}

/// Polls until `condition` holds, for at most ten seconds (a busy machine may be slow to run a task).
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<1000 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return false
}

@Suite("The admission gate: requests beyond the limit wait their turn in order, and are refused only once their wait is over")
struct AdmissionGateTests {
    @Test("a request waits while the limit is reached and is let in, in arrival order, as turns are given back")
    func waitersGoInOrder() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(60)), clock: ManualClock().gateClock)
        #expect(await gate.enter())
        let first = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        let second = Arrival(gate)
        #expect(try await eventually { gate.queued == 2 })
        gate.leave()
        #expect(try await eventually { first.decided == true })
        #expect(second.decided == nil, "the second request went in while the first held the only turn")
        gate.leave()
        #expect(try await eventually { second.decided == true })
        gate.leave()
    }

    @Test("a request that waited its whole wait is refused; one beyond the queue is refused at once")
    func refusals() async throws {
        let clock = ManualClock()
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 1, wait: .seconds(30)), clock: clock.gateClock)
        #expect(await gate.enter())
        let waiting = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 && clock.sleeping == 1 })
        #expect(await gate.enter() == false, "the queue holds one request")
        clock.advance(by: .seconds(29))
        #expect(waiting.decided == nil, "refused before its wait was over")
        clock.advance(by: .seconds(1))
        #expect(try await eventually { waiting.decided == false })
        gate.leave()
        #expect(await gate.enter(), "the turn given back is free again")
        gate.leave()
    }

    @Test("each request's wait is its own: one let in before its wait ended leaves the next one waiting its full wait")
    func eachWaitIsItsOwn() async throws {
        let clock = ManualClock()
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(10)), clock: clock.gateClock)
        #expect(await gate.enter())
        let early = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 && clock.sleeping == 1 })
        clock.advance(by: .seconds(5))
        let later = Arrival(gate)
        #expect(try await eventually { gate.queued == 2 })
        gate.leave()
        #expect(try await eventually { early.decided == true })
        // Past the early request's deadline (10 s), before the later one's (15 s): the gate wakes and sleeps again.
        clock.advance(by: .seconds(6))
        #expect(try await eventually { clock.sleeping == 1 })
        #expect(later.decided == nil, "the later request was refused at the earlier one's deadline")
        clock.advance(by: .seconds(4))
        #expect(try await eventually { later.decided == false })
        gate.leave()
    }

    @Test("once a burst of waiting requests is let in, the gate stops watching, and refuses none of them when their waits run out")
    func admittedAreNeverRefused() async throws {
        let clock = ManualClock()
        let gate = AdmissionGate(limits: .init(inFlight: 2, queued: 100, wait: .seconds(30)), clock: clock.gateClock)
        #expect(await gate.enter())
        #expect(await gate.enter())
        let burst = (0..<50).map { _ in Arrival(gate) }
        #expect(try await eventually { gate.queued == 50 })
        for _ in 0..<50 { gate.leave() }
        #expect(try await eventually { burst.allSatisfy { $0.decided == true } })
        clock.advance(by: .seconds(31))
        #expect(try await eventually { clock.sleeping == 0 }, "the gate still sleeps with nobody waiting")
        // The last two of the burst still hold both turns: a new request waits for one.
        let next = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        #expect(next.decided == nil)
        gate.leave()
        #expect(try await eventually { next.decided == true })
        gate.leave()
        gate.leave()
    }

    @Test("a turn set down (a write waiting for its commit) lets the next request in; taken up again it goes before newcomers, past its wait")
    func turnSetDownAndTakenUp() async throws {
        let clock = ManualClock()
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(30)), clock: clock.gateClock)
        #expect(await gate.enter())
        let waiting = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        // The request holding the turn waits for its commit: the waiting one goes in meanwhile.
        gate.leave()
        #expect(try await eventually { waiting.decided == true })
        // Committed, it takes a turn up again while the other holds the only one; then a newcomer arrives.
        let returned = Answer()
        Task {
            await gate.takeUp()
            returned.set(true)
        }
        #expect(try await eventually { gate.returning == 1 })
        let newcomer = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        gate.leave()
        #expect(try await eventually { returned.decided == true }, "the turn went to the newcomer first")
        #expect(newcomer.decided == nil)
        // Waiting to take its turn up again is not a wait that runs out: past it, only the newcomer is refused.
        let again = Answer()
        gate.leave()
        #expect(try await eventually { newcomer.decided == true })
        Task {
            await gate.takeUp()
            again.set(true)
        }
        #expect(try await eventually { gate.returning == 1 })
        let refused = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 && clock.sleeping == 1 })
        clock.advance(by: .seconds(31))
        #expect(try await eventually { refused.decided == false })
        #expect(again.decided == nil)
        gate.leave()
        #expect(try await eventually { again.decided == true })
        // A turn free at once is taken up at once, and a newcomer then waits behind it.
        gate.leave()
        await gate.takeUp()
        let later = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        gate.leave()
        #expect(try await eventually { later.decided == true })
        gate.leave()
    }

    @Test(
        "a task a request left running writes after the answer without letting another request in or waiting for a turn",
        .timeLimit(.minutes(1)))
    func leftoverTaskLeavesTheGateAlone() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(60)), clock: ManualClock().gateClock)
        #expect(await gate.enter())
        let answered = RequestTurn(gate: gate)
        answered.finish()
        #expect(await gate.enter(), "the answered request's turn was not given back")
        let waiting = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 })
        // The answered request's leftover task writes: its turn is not set down again, nor taken up.
        let written = try await WorkTurn.$current.withValue(answered.workTurn) { try await WorkTurn.setDown { "written" } }
        #expect(written == "written")
        try await Task.sleep(for: .milliseconds(50))
        #expect(waiting.decided == nil, "the leftover write let a waiting request in beyond the limit")
        gate.leave()
        #expect(try await eventually { waiting.decided == true })
        gate.leave()
    }

    @Test(
        "writes of one request waiting at once each set a turn down; every turn comes back to the gate once it answers",
        .timeLimit(.minutes(1)))
    func concurrentWritesOfOneRequest() async throws {
        let gate = AdmissionGate(limits: .init(inFlight: 1, queued: 10, wait: .seconds(60)), clock: ManualClock().gateClock)
        #expect(await gate.enter())
        let turn = RequestTurn(gate: gate)
        let (release, releaseIt) = AsyncStream<Void>.makeStream()
        try await WorkTurn.$current.withValue(turn.workTurn) {
            async let first: Void = WorkTurn.setDown { for await _ in release { break } }
            async let second: Void = WorkTurn.setDown { for await _ in release { break } }
            // Both writes wait: the turn is lent, so another request gets in.
            #expect(await gate.enter())
            gate.leave()
            releaseIt.finish()
            _ = try await (first, second)
        }
        turn.finish()
        #expect(await gate.enter(), "a turn of the request stayed taken after it answered")
        let next = Arrival(gate)
        #expect(try await eventually { gate.queued == 1 }, "the gate counted fewer requests than it let in")
        gate.leave()
        #expect(try await eventually { next.decided == true })
        gate.leave()
    }
}
