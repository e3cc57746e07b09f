import Testing

@testable import PatioPlatform

@Suite("The delivery worker's wake-up: a signal is never lost")
struct DeliveryWakeTests {
    @Test("signals sent before anyone waits are kept for the next wait; a later wait returns at a later signal", .timeLimit(.minutes(1)))
    func signalFirst() async {
        let wake = DeliveryWake()
        wake.signal()
        wake.signal()
        await wake.wait()
        let waiter = Task { await wake.wait() }
        wake.signal()
        await waiter.value
    }

    @Test("a wait in progress returns at the signal", .timeLimit(.minutes(1)))
    func waitFirst() async {
        let wake = DeliveryWake()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await wake.wait() }
            // Whether the waiter is already waiting or not yet, the signal reaches it.
            wake.signal()
            await group.waitForAll()
        }
    }

    @Test("a cancelled wait returns without a signal, so shutting down never waits for one", .timeLimit(.minutes(1)))
    func cancelled() async {
        let wake = DeliveryWake()
        let waiter = Task { await wake.wait() }
        waiter.cancel()
        await waiter.value
        // A wait cancelled before it starts returns as well.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await wake.wait()
        }
        await early.value
    }
}
