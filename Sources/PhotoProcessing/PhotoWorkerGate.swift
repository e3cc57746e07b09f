import Foundation

/// At most `limit` photo workers at once, and at most `perOwner` of them for one owner (an agent): a caller
/// waits for a place for at most `wait`, then is turned away (the server answers 503). So a burst queues briefly
/// instead of piling up processes, and one account sending hostile images keeps its own place busy, not everyone's.
public final class PhotoWorkerGate: @unchecked Sendable {
    public let limit: Int
    public let perOwner: Int
    public let wait: Duration
    private let lock = NSLock()
    private var running = 0
    private var runningByOwner: [String: Int] = [:]
    private var waiters: [Waiter] = []
    private var nextID: UInt64 = 0
    /// Waiters between their first look and joining the queue, and those of them whose wait already ran out.
    private var unqueued: Set<UInt64> = []
    private var expired: Set<UInt64> = []

    private struct Waiter {
        var id: UInt64
        var owner: String
        var continuation: CheckedContinuation<Bool, Never>
    }

    public init(limit: Int, perOwner: Int? = nil, wait: Duration) {
        self.limit = max(1, limit)
        self.perOwner = max(1, perOwner ?? limit)
        self.wait = wait
    }

    /// Runs `body` holding a place; throws `PhotoError.busy` when none came free within `wait`.
    public func withPlace<T: Sendable>(owner: String = "", _ body: () async throws -> T) async throws -> T {
        guard await acquire(owner) else { throw PhotoError.busy }
        defer { release(owner) }
        return try await body()
    }

    /// Takes a place for `owner` if one is free (call with the lock held).
    private func take(_ owner: String) -> Bool {
        guard running < limit, runningByOwner[owner, default: 0] < perOwner else { return false }
        running += 1
        runningByOwner[owner, default: 0] += 1
        return true
    }

    private func acquire(_ owner: String) async -> Bool {
        let id: UInt64? = lock.withLock {
            if take(owner) { return nil }
            nextID += 1
            unqueued.insert(nextID)
            return nextID
        }
        guard let id else { return true }
        let timer = Task { [wait] in
            try? await Task.sleep(for: wait)
            self.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            // A place may have come free, or the wait run out, since the check above.
            let answer: Bool? = lock.withLock {
                unqueued.remove(id)
                if expired.remove(id) != nil { return false }
                if take(owner) { return true }
                waiters.append(Waiter(id: id, owner: owner, continuation: continuation))
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    private func expire(_ id: UInt64) {
        let waiter = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            guard let index = waiters.firstIndex(where: { $0.id == id }) else {
                if unqueued.contains(id) { expired.insert(id) }
                return nil
            }
            return waiters.remove(at: index).continuation
        }
        waiter?.resume(returning: false)
    }

    /// Frees the place and hands places to the longest waiters whose owner may run one more.
    private func release(_ owner: String) {
        let granted = lock.withLock { () -> [CheckedContinuation<Bool, Never>] in
            running -= 1
            runningByOwner[owner, default: 1] -= 1
            if runningByOwner[owner] == 0 { runningByOwner[owner] = nil }
            var granted: [CheckedContinuation<Bool, Never>] = []
            var index = 0
            while index < waiters.count && running < limit {
                if take(waiters[index].owner) { granted.append(waiters.remove(at: index).continuation) } else { index += 1 }
            }
            return granted
        }
        for continuation in granted { continuation.resume(returning: true) }
    }
}
