import Foundation

/// What a watcher of a topic hears: the topic changed (with the kind of change), or notifications may
/// have been missed (the relay reconnected) and the watcher should read the current state again.
public enum TopicSignal: Sendable, Equatable {
    case changed(String)
    case resync
}

/// Fans signals out to the watchers of each topic in this process. Signals carry no data: a watcher
/// re-reads what it watches, with its own access rights, so nothing leaks between viewers and a missed
/// signal can never leave a client with stale data once it hears the next one.
public actor EventHub {
    private var watchers: [String: [UUID: AsyncStream<TopicSignal>.Continuation]] = [:]
    private var isReady: Bool
    private var waitingForReady: [UUID: CheckedContinuation<Void, Never>] = [:]

    /// `ready` is false while a relay still has to start listening for other instances.
    public init(ready: Bool = true) {
        isReady = ready
    }

    /// Signals for `topic` from now on, until the stream is dropped. Only the newest few are kept for a
    /// slow watcher: each one means "read again", so older ones add nothing.
    public func watch(_ topic: String) -> AsyncStream<TopicSignal> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: TopicSignal.self, bufferingPolicy: .bufferingNewest(4))
        continuation.onTermination = { _ in Task { await self.remove(topic, id) } }
        watchers[topic, default: [:]][id] = continuation
        return stream
    }

    /// How many watchers `topic` has (for tests and metrics).
    public func watcherCount(_ topic: String) -> Int {
        watchers[topic]?.count ?? 0
    }

    func deliver(topic: String, type: String) {
        for continuation in watchers[topic, default: [:]].values { continuation.yield(.changed(type)) }
    }

    func resyncEveryone() {
        for continuation in watchers.values.flatMap(\.values) { continuation.yield(.resync) }
    }

    func markReady() {
        isReady = true
        for waiter in waitingForReady.values { waiter.resume() }
        waitingForReady = [:]
    }

    /// Returns once signals from other instances are being received (at once with a single instance), or
    /// after `timeout` when the relay is not listening yet.
    func untilReady(timeout: Duration) async {
        if isReady { return }
        let id = UUID()
        await withCheckedContinuation { waiter in
            waitingForReady[id] = waiter
            Task {
                try? await Task.sleep(for: timeout)
                self.stopWaiting(id)
            }
        }
    }

    private func stopWaiting(_ id: UUID) {
        waitingForReady.removeValue(forKey: id)?.resume()
    }

    private func remove(_ topic: String, _ id: UUID) {
        watchers[topic]?[id] = nil
        if watchers[topic]?.isEmpty == true { watchers[topic] = nil }
    }
}
