import FluentKit
import Foundation
import PatioData
@testable import PatioPlatform

/// A write in progress, for tests of what waits for it: runs `hold` inside a transaction, then keeps that
/// transaction open, with every lock `hold` took, while `body` runs, and commits once `body` returns. Answers what
/// `body` returned.
public func withWriteHeld<T: Sendable>(
    on database: PatioDatabase, _ hold: @escaping @Sendable (any Database) async throws -> Void, _ body: () async throws -> T
) async throws -> T {
    let (locked, lockedSignal) = AsyncStream<Void>.makeStream()
    let (release, releaseSignal) = AsyncStream<Void>.makeStream()
    let holder = Task {
        try await database.write { db in
            try await hold(db)
            lockedSignal.yield()
            for await _ in release { break }
        }
    }
    for await _ in locked { break }
    let value: T
    do {
        value = try await body()
    } catch {
        releaseSignal.finish()
        _ = try? await holder.value
        throw error
    }
    releaseSignal.finish()
    try await holder.value
    return value
}

/// A sync push in progress on PostgreSQL: it locks `ids` of `collection` as a push locks its rows, runs
/// `whileLocked` inside its transaction (to change what the push would), then holds its locks while `body` runs
/// (`withWriteHeld`).
public func withPushHolding<T: Sendable>(
    _ collection: String, ids: [UUID], on database: PatioDatabase,
    whileLocked: @escaping @Sendable (any Database) async throws -> Void = { _ in },
    _ body: () async throws -> T
) async throws -> T {
    try await withWriteHeld(
        on: database,
        { db in
            try await SyncFeedLocks.$current.withValue(SyncFeedLocks()) {
                try await SyncFeed().lockRows(collection, ids: ids, on: db)
                try await whileLocked(db)
            }
        }, body)
}
