import Synchronization

/// Actions that must wait until a write's transaction has ended: telling caches and other instances what
/// changed is only safe once the change is committed, or a reader could load the old rows back in between.
final class WriteAftermath: Sendable {
    private let actions = Mutex<[@Sendable () async -> Void]>([])

    func add(_ action: @escaping @Sendable () async -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Runs every action added, in order, once.
    func run() async {
        let pending = actions.withLock { actions in
            defer { actions.removeAll() }
            return actions
        }
        for action in pending { await action() }
    }
}
