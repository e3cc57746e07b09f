import Foundation

/// An installation's session: the bearer token, kept in a ``TokenStore`` across launches, and what happens
/// to it. Watch ``events`` to send the person to the sign-in screen when the session ends.
public actor PatioSession {
    /// Why a session ended.
    public enum EndReason: Sendable, Equatable {
        /// The person signed out.
        case signedOut
        /// Patio no longer accepts the token (it expired or was revoked): sign in again.
        case expired
    }

    public enum Event: Sendable, Equatable {
        case signedIn
        case ended(EndReason)
    }

    private let store: any TokenStore
    private var current: String?
    private var loaded = false
    private var watchers: [UUID: AsyncStream<Event>.Continuation] = [:]

    public init(store: any TokenStore) {
        self.store = store
    }

    /// The token requests carry, read from the store once.
    public func token() -> String? {
        if !loaded {
            loaded = true
            current = try? store.load()
        }
        return current
    }

    public var isSignedIn: Bool { token() != nil }

    /// Keeps a new token (after a sign-in) in memory and in the store.
    public func begin(token: String) throws {
        try store.save(token)
        current = token
        loaded = true
        broadcast(.signedIn)
    }

    /// Forgets `token` if it is still the current one (a late 401 for an old token must not end a newer
    /// session).
    public func end(token: String? = nil, reason: EndReason) {
        guard current != nil, token == nil || token == current else { return }
        current = nil
        loaded = true
        try? store.clear()
        broadcast(.ended(reason))
    }

    /// Sign-ins and endings from now on.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { await self.stopWatching(id) } }
        return stream
    }

    private func stopWatching(_ id: UUID) { watchers[id] = nil }

    private func broadcast(_ event: Event) {
        for watcher in watchers.values { watcher.yield(event) }
    }
}
