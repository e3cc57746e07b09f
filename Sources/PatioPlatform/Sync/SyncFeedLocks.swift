import FluentKit
import Foundation
import NIOConcurrencyHelpers
import PatioCore
import SQLKit

/// Who may change synced rows at the same time, on PostgreSQL (SQLite has one writer and needs none of this).
///
/// Two kinds of writer share the feed:
/// - a module's own write (a dispatch change, an import, removing a new hire) takes the whole feed: `SyncFeed.lock(on:)`,
///   an exclusive advisory lock, excludes every other writer of synced rows until it commits;
/// - a push takes the feed shared and locks only the rows it changes (`SyncFeed.lockRows`), so pushes of
///   different rows run side by side, and a push waits only for another that changes one of its rows; a module's
///   write that changes only rows it can name before it starts (one HR edit of one task) does the same
///   (`SyncFeed.lock(_:ids:on:)`).
///
/// A row's feed entries (its version, field versions, scopes) are read and written only under its row lock or
/// the whole feed, so two writers never both give a row the same next version. The sequence that orders the
/// feed is taken last, when the push's feed writes go out just before it commits (`SyncFeedBatch`); the
/// counter's row lock then makes changes commit in sequence order, and a reader never sees sequence 11 before
/// 10 commits.
///
/// Locks are always taken in the same order — the feed, a push's rows (sorted, one statement), the device's
/// log, the module's rows, the sequence — so writers do not deadlock. The exception is a row a push's `apply`
/// reaches besides its mutation's (a photo's pickup): locked when reached. Two pushes reaching two such rows in
/// opposite orders can deadlock; PostgreSQL then ends one, answered 503 with `Retry-After`
/// (`AppError.databaseOverload`), and the device pushes again with the same mutation ids.
final class SyncFeedLocks: Sendable {
    /// The row locks of the push running in this task; nil outside a push.
    @TaskLocal static var current: SyncFeedLocks?

    /// The row keys this push holds. The feed is held shared from its first rows on.
    private let held = NIOLockedValueBox(Set<Int64>())

    /// Locks the rows of `ids` in `collection` not held yet; the first call of a push also takes the feed shared,
    /// in the same statement (a push always has a row).
    func lock(_ collection: String, ids: [UUID], on sql: any SQLDatabase) async throws {
        let (takeFeed, keys) = held.withLockedValue { held in
            let keys = Set(ids.map { Self.key(collection, $0) }).subtracting(held).sorted()
            defer { held.formUnion(keys) }
            return (held.isEmpty, keys)
        }
        guard !keys.isEmpty else { return }
        // The keys are numbers this function computed, written as literals: nothing a client sent reaches the text.
        // `unnest` gives them in array order, so every push takes its rows in ascending order.
        let feed = takeFeed ? Self.feedLock(shared: true) + ", " : ""
        let array = keys.map(String.init).joined(separator: ",")
        try await sql.raw("SELECT \(unsafeRaw: feed)pg_advisory_xact_lock(k) FROM unnest(ARRAY[\(unsafeRaw: array)]::bigint[]) AS k").run()
    }

    /// Takes the whole feed: waits for every push holding it shared, and keeps new ones out until commit.
    static func lockFeed(on sql: any SQLDatabase) async throws {
        try await sql.raw("SELECT \(unsafeRaw: feedLock(shared: false))").run()
    }

    /// The call that takes the feed's advisory lock, shared by pushes or exclusive for a module's write.
    private static func feedLock(shared: Bool) -> String {
        "pg_advisory_xact_lock\(shared ? "_shared" : "")(\(feedKey), 0)"
    }

    /// The feed's advisory lock, in PostgreSQL's two-number key space ("sync"); row locks use the one-number space.
    static let feedKey: Int32 = 0x7379_6e63

    /// A row's advisory lock: FNV-1a of its collection and id. Two rows sharing a key only wait for each other.
    static func key(_ collection: String, _ id: UUID) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in collection.utf8 + [0] + SyncFeed.key(id).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
