import NIOConcurrencyHelpers
import PatioCore

/// The turns one request holds at the admission gate, as its writes set them down and take them up
/// (`WorkTurn`), so that the gate gets back exactly what the request took, however its tasks interleave.
///
/// A task the request started may outlive it (task-local values are inherited by `Task {}`): once the request
/// has answered, such a task's writes leave the gate alone, and a turn taken up after the answer is given back
/// at once.
final class RequestTurn: Sendable {
    private struct State {
        /// Turns held now: one when admitted; below zero while several writes of the request wait at once.
        var held = 1
        var finished = false
    }

    private let gate: AdmissionGate
    private let state = NIOLockedValueBox(State())

    init(gate: AdmissionGate) {
        self.gate = gate
    }

    /// What the request's tasks see as `WorkTurn.current`.
    var workTurn: WorkTurn {
        WorkTurn(setDown: { [self] in setDown() }, takeUp: { [self] in await takeUp() })
    }

    private func setDown() {
        let leave = state.withLockedValue { state in
            guard !state.finished else { return false }
            state.held -= 1
            return true
        }
        if leave { gate.leave() }
    }

    private func takeUp() async {
        guard !state.withLockedValue({ $0.finished }) else { return }
        await gate.takeUp()
        let giveBack = state.withLockedValue { state in
            if state.finished { return true }
            state.held += 1
            return false
        }
        if giveBack { gate.leave() }
    }

    /// The request has answered: gives back the turns it holds.
    func finish() {
        let held = state.withLockedValue { state in
            state.finished = true
            defer { state.held = 0 }
            return max(state.held, 0)
        }
        for _ in 0..<held { gate.leave() }
    }
}
