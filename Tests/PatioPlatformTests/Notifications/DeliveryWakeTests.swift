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
}
