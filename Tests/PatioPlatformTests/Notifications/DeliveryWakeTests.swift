import Testing

@testable import PatioPlatform

/// Every wait runs in a child task of the test, so a wait that never returns is cancelled at the time limit
/// and the test fails instead of hanging the suite. The limit is generous: the whole suite shares the
/// machine's two threads with tests that block them (processes run to completion), and a wait that returns
/// at once has been seen to start 47 s late.
@Suite("The delivery worker's wake-up: a signal is never lost")
struct DeliveryWakeTests {
    @Test("signals sent before anyone waits are kept for the next wait; a later wait returns at a later signal", .timeLimit(.minutes(3)))
    func signalFirst() async {
        let wake = DeliveryWake()
        wake.signal()
        wake.signal()
        let returned = await Self.waits(on: wake) {}
        #expect(returned, "the kept signal let the wait return")
        let again = await Self.waits(on: wake) { wake.signal() }
        #expect(again)
    }

    @Test("a wait in progress returns at the signal", .timeLimit(.minutes(3)))
    func waitFirst() async {
        let wake = DeliveryWake()
        // Whether the waiter is already waiting or not yet, the signal reaches it.
        #expect(await Self.waits(on: wake) { wake.signal() })
    }

    @Test("a cancelled wait returns without a signal, so shutting down never waits for one", .timeLimit(.minutes(3)))
    func cancelled() async {
        let wake = DeliveryWake()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await wake.wait() }
            group.cancelAll()
            await group.waitForAll()
        }
        // A wait cancelled before it starts returns as well.
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask { await wake.wait() }
            await group.waitForAll()
        }
    }

    /// Waits on `wake` in a child task while `then` runs; true when the wait returned on its own, false when
    /// it was still waiting when the test's time ran out (and was cancelled).
    static func waits(on wake: DeliveryWake, then: @Sendable () -> Void) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await wake.wait()
                return !Task.isCancelled
            }
            then()
            return await group.next() ?? false
        }
    }
}
