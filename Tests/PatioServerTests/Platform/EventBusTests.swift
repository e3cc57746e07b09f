import Logging
import PatioPlatform
import Testing

@Suite("Event bus")
struct EventBusTests {
    private actor Flag {
        var isSet = false
        func set() { isSet = true }
    }

    @Test("a watcher is not held forever when the relay never starts listening: it watches after the ready timeout")
    func readyTimeout() async throws {
        let bus = EventBus(hub: EventHub(ready: false), logger: Logger(label: "test"), relay: nil) { _, _ in }
        let watching = Flag()
        // Unstructured on purpose: a watcher that never returns must fail this test, not hang it.
        Task {
            _ = await bus.watch("payments.request.x", readyTimeout: .milliseconds(100))
            await watching.set()
        }
        for _ in 0..<100 where await !watching.isSet { try await Task.sleep(for: .milliseconds(100)) }
        #expect(await watching.isSet)
    }
}
