import Foundation
import PatioCore
import PatioData
import Synchronization

/// The principals of recently used session tokens, so that an authenticated request costs no query.
///
/// An entry is the principal as the database last gave it, and is dropped when anything it was read from
/// changes: the account (name, email, language, active), its roles, or its sessions (sign-out, revocation,
/// a fresh sign-in proof). Identity forgets an account once the change is committed
/// (`PatioDatabase.afterWrite`) and tells the other instances through `broadcast` (the event bus on
/// PostgreSQL), which call ``forgetLocally(account:)``. A read that began before a change and ends after it
/// never stores what it read: every forgetting moves `generation`, and a principal is kept only if the
/// generation is still the one its read began in. Entries also expire after `maxAge`, so a change made
/// outside Patio (by hand, in SQL) is seen within that time.
///
/// A change of an account's name, email or language through Identity is written into its cached entries
/// instead (``beginChange(of:)``, ``endChange(_:as:)``): the write returns the account as it left it, with the
/// change's place among the account's changes (`profile_version`, counted under the row's lock), so the next
/// request needs no read. Several changes of one account in flight at once are ordered by that place: whichever
/// ends last, the entries keep the one that committed last. When anything else touched the account here while a
/// change was in flight (a role, a sign-out, another instance's announcement), the two cannot be ordered and the
/// entries are forgotten. Other instances forget as before.
public final class SessionCache: Sendable {
    /// What one cached token resolves to.
    struct Entry: Sendable {
        var principal: Principal
        /// The session's stored expiry when it was read (the sliding expiry is written from it).
        let expiresAt: Date
        let cachedAt: Date
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var digestsByAccount: [UUID: Set<String>] = [:]
        var generation: UInt64 = 0
        /// Accounts whose name, email or language is being written here: how many such writes are in flight,
        /// whether anything else touched the account meanwhile (a forgetting here or announced by another
        /// instance), and the place of the newest change already taken into the entries.
        var changing: [UUID: Changing] = [:]
    }

    private struct Changing {
        var inFlight = 1
        var overlapped = false
        var newestTaken: Int64?
    }

    private let state = Mutex(State())
    /// Names this cache in its announcements, so that it can tell its own, heard back, from another
    /// instance's.
    public let origin = UUID().uuidString
    let capacity: Int
    let maxAge: TimeInterval
    /// Tells the other instances to forget an account; set once by the composition root.
    ///
    /// The closure is kept inside a struct on purpose. Kept bare in the generic lock, every `withLock` read
    /// converted it to its direct form and wrote it back converted again, wrapping it in two more thunks each
    /// time: on PostgreSQL, where each change to an account announces itself, the thousandth `PATCH` ran a
    /// thousand thunks deep and Patio's CPU per `PATCH` grew while the load lasted.
    private struct Broadcaster: Sendable {
        let send: @Sendable (UUID) async -> Void
    }
    private let broadcaster = Mutex<Broadcaster?>(nil)

    /// `capacity` entries at most (past it, the cache starts again empty); `maxAge` seconds each at most.
    public init(capacity: Int = 50_000, maxAge: TimeInterval = 60) {
        self.capacity = capacity
        self.maxAge = maxAge
    }

    /// A cache that keeps nothing: every request reads the database, as before there was a cache.
    public static var disabled: SessionCache { SessionCache(capacity: 0) }

    /// Where forgetting is announced to the other instances serving the same database.
    public func broadcast(with send: @escaping @Sendable (UUID) async -> Void) {
        broadcaster.withLock { $0 = Broadcaster(send: send) }
    }

    /// The generation a read begins in; pass it to ``store(_:digest:expiresAt:now:generation:)``.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// The entry of `digest`, unless it is older than `maxAge` or its session has expired.
    func entry(_ digest: String, now: Date) -> Entry? {
        state.withLock { state in
            guard let entry = state.entries[digest] else { return nil }
            guard entry.expiresAt > now, now.timeIntervalSince(entry.cachedAt) < maxAge else {
                state.entries[digest] = nil
                return nil
            }
            return entry
        }
    }

    /// Keeps `principal` for `digest`, unless anything was forgotten since `generation`.
    func store(_ principal: Principal, digest: String, expiresAt: Date, now: Date, generation: UInt64) {
        guard capacity > 0 else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity { state = State(generation: state.generation, changing: state.changing) }
            state.entries[digest] = Entry(principal: principal, expiresAt: expiresAt, cachedAt: now)
            state.digestsByAccount[principal.accountID, default: []].insert(digest)
        }
    }

    /// Forgets every token of `account` here and on every other instance: call it after the change commits.
    public func forget(account: UUID) async {
        forgetLocally(account: account)
        await announce(account)
    }

    /// Inside a write on `database`: forgets every token of `account` once that write has committed (at once
    /// outside a write). Forgetting before the commit would let a request read the old rows back in between.
    ///
    /// The other instances are told now, inside the write: on PostgreSQL the announcement is a NOTIFY on the
    /// write's own connection, which PostgreSQL delivers only when the write commits, and never for one rolled
    /// back. The change and its announcement commit together, at the cost of no extra connection or
    /// statement after the commit.
    public func forgetAfterCommit(account: UUID, on database: PatioDatabase) async {
        await announce(account)
        await database.afterWrite { [self] in forgetLocally(account: account) }
    }

    /// Tells the other instances to forget `account`, when there are any to tell.
    private func announce(_ account: UUID) async {
        let broadcaster = broadcaster.withLock { $0 }
        await broadcaster?.send(account)
    }

    /// Inside a write that changes `account`'s name, email or language: tells the other instances to forget
    /// its tokens, and leaves this instance's to ``endChange(_:as:)``.
    public func forgetElsewhere(account: UUID) async {
        await announce(account)
    }

    /// Forgets every token of `account` in this process (what another instance's announcement does).
    public func forgetLocally(account: UUID) {
        state.withLock { state in
            Self.forget(account, in: &state)
            state.changing[account]?.overlapped = true
        }
    }

    /// Forgets everything in this process: when announcements may have been missed (the event bus
    /// reconnected), nothing cached can be trusted.
    public func forgetAll() {
        state.withLock { state in
            var changing = state.changing
            for account in changing.keys { changing[account]?.overlapped = true }
            state = State(generation: state.generation &+ 1, changing: changing)
        }
    }

    /// A write of an account's name, email or language, begun with ``beginChange(of:)``.
    struct Change: Sendable {
        let account: UUID
    }

    /// Call before writing `account`'s name, email or language; end it with ``endChange(_:as:)`` however the
    /// write ends.
    func beginChange(of account: UUID) -> Change {
        state.withLock { state in
            state.changing[account, default: Changing(inFlight: 0)].inFlight += 1
        }
        return Change(account: account)
    }

    /// Once the write of `change` has ended: `changed` is the account as the committed write returned it, with that
    /// write's place among the account's changes; nil when the write failed or found no account. Its cached
    /// entries take the new name, email and language (roles, expiry and age unchanged) when nothing else touched
    /// the account here meanwhile, unless a change placed after this one was taken already; otherwise, or without
    /// `changed`, they are forgotten.
    func endChange(_ change: Change, as changed: AccountRows.Changed?) {
        state.withLock { state in
            guard var changing = state.changing[change.account] else { return Self.forget(change.account, in: &state) }
            changing.inFlight -= 1
            defer { state.changing[change.account] = changing.inFlight > 0 ? changing : nil }
            guard let changed, changed.view.id == change.account, !changing.overlapped, let locale = PatioLocale(rawValue: changed.view.locale) else {
                return Self.forget(change.account, in: &state)
            }
            // A change that committed before one already taken ended later: the entries hold the newer one.
            if let newest = changing.newestTaken, changed.version <= newest { return }
            changing.newestTaken = changed.version
            // A read that began before the write could otherwise store what it read after this.
            state.generation &+= 1
            for digest in state.digestsByAccount[change.account] ?? [] {
                state.entries[digest]?.principal.name = changed.view.name
                state.entries[digest]?.principal.email = changed.view.email
                state.entries[digest]?.principal.locale = locale
            }
        }
    }

    private static func forget(_ account: UUID, in state: inout State) {
        state.generation &+= 1
        for digest in state.digestsByAccount.removeValue(forKey: account) ?? [] { state.entries[digest] = nil }
    }

    /// Tokens cached now.
    public var count: Int { state.withLock { $0.entries.count } }
}
