import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Records row changes of synced collections in the change feed: a server-assigned, strictly increasing
/// sequence per change (never a clock), a version per row, the version at which each field last changed
/// (for field-level merges), and tombstones for deletes and for scopes that no longer see a row.
///
/// Every write that changes a synced row calls `lock(on:)` first, or `lock(_:ids:on:)` when it can name its rows
/// up front (a push locks its rows too, see `SyncFeedLocks`), and `recordPut`/`recordDelete` in the same
/// transaction. On PostgreSQL the locks keep two writers from giving a row the same version, and the sequence
/// counter, taken just before commit, makes changes commit in sequence order: a reader can never see sequence 11
/// before 10 commits and skip it.
public struct SyncFeed: Sendable {
    public init() {}

    /// Keeps every other writer of synced rows out until the transaction ends (PostgreSQL; SQLite has one
    /// writer). Inside a push, whose rows are locked one by one, it does nothing: lock what you reach with
    /// `lockRows`.
    public func lock(on db: any Database) async throws {
        let sql = try db.sql
        guard sql.dialect.name == "postgresql", SyncFeedLocks.current == nil else { return }
        try await SyncFeedLocks.lockFeed(on: sql)
    }

    /// Keeps other writers of the rows `ids` of `collection` out until the transaction ends, while writers of other
    /// rows go on (PostgreSQL; SQLite has one writer): for a module's write that changes only the rows it names,
    /// such as one HR edit of one task. The feed is held shared, as a push holds it, so a write that takes the
    /// whole feed (`lock(on:)`) still waits for this one. Inside a push it locks the rows as the push's own.
    public func lock(_ collection: String, ids: [UUID], on db: any Database) async throws {
        let sql = try db.sql
        guard sql.dialect.name == "postgresql", !ids.isEmpty else { return }
        try await (SyncFeedLocks.current ?? SyncFeedLocks()).lock(collection, ids: ids, on: sql)
    }

    /// Inside a push, locks the rows of `collection` that its `apply` reads or changes besides the mutation's own
    /// (a photo's pickup), before reading them; elsewhere the caller holds the whole feed or its rows (`lock`) and
    /// this does nothing.
    public func lockRows(_ collection: String, ids: [UUID], on db: any Database) async throws {
        guard let locks = SyncFeedLocks.current, !ids.isEmpty else { return }
        let sql = try db.sql
        guard sql.dialect.name == "postgresql" else { return }
        try await locks.lock(collection, ids: ids, on: sql)
    }

    /// Row `id` of `collection` changed (`changed` fields) and is visible in `scope`; returns its new version.
    ///
    /// `written` is the row's wire form as it now stands, exactly the bytes the collection's `writtenRows` would
    /// write for it (keys sorted, `id` included): pulls then send it as it is instead of reading the row again. Give
    /// it only from the transaction that wrote the row; without it, pulls read the row through the collection.
    @discardableResult
    public func recordPut(
        _ collection: String, id: UUID, scope: String, changed: [String], written: JSONText? = nil, on db: any Database
    ) async throws -> Int {
        try await recordPut(collection, id: id, scope: scope, changed: changed, written: written, known: nil, on: db)
    }

    /// `recordPut` with the row's entries as the caller read them earlier in this transaction (nil reads them).
    func recordPut(
        _ collection: String, id: UUID, scope: String, changed: [String], written: JSONText? = nil, known: [Entry]?, on db: any Database
    ) async throws -> Int {
        try await lockRows(collection, ids: [id], on: db)
        let entries: [Entry]
        if let known { entries = known } else { entries = try await self.entries(collection, id: id, on: db) }
        let version = (entries.map(\.version).max() ?? 0) + 1
        var fieldVersions = entries.first { !$0.deleted }?.fieldVersions ?? [:]
        for field in changed { fieldVersions[field] = version }
        for moved in entries where moved.scope != scope && !moved.deleted {
            try await write(collection, id: id, scope: moved.scope, version: version, deleted: true, fieldVersions: [:], on: db)
        }
        try await write(collection, id: id, scope: scope, version: version, deleted: false, fieldVersions: fieldVersions, data: written, on: db)
        return version
    }

    /// Row `id` of `collection` is gone: a tombstone in every scope that saw it.
    public func recordDelete(_ collection: String, id: UUID, on db: any Database) async throws {
        try await lockRows(collection, ids: [id], on: db)
        let entries = try await self.entries(collection, id: id, on: db)
        let version = (entries.map(\.version).max() ?? 0) + 1
        for entry in entries where !entry.deleted {
            try await write(collection, id: id, scope: entry.scope, version: version, deleted: true, fieldVersions: [:], on: db)
        }
    }

    /// The current version of each row (for pages that push on a client's behalf); unknown rows are left out.
    public func versions(_ collection: String, ids: [UUID], on db: any Database) async throws -> [UUID: Int] {
        guard !ids.isEmpty else { return [:] }
        var versions: [UUID: Int] = [:]
        for (id, entries) in try await self.entries(collection, ids: ids, on: db) {
            if let version = entries.map(\.version).max() { versions[id] = version }
        }
        return versions
    }

    /// The row's live entry among `scopes` (nil when it is unknown, deleted, or in another scope).
    func liveEntry(_ collection: String, id: UUID, scopes: [String], on db: any Database) async throws -> Entry? {
        Self.live(try await entries(collection, id: id, on: db), scopes: scopes)
    }

    /// The live entry among `scopes` of a row's entries.
    static func live(_ entries: [Entry], scopes: [String]) -> Entry? {
        entries.first { !$0.deleted && scopes.contains($0.scope) }
    }

    /// Every entry of each row in `ids`, in one query per 500 rows: what a push reads before its mutations.
    /// A row with no entry is given an empty list, so callers can tell "read, none" from "not read". Inside a
    /// push the entries include its feed writes not yet written out (`SyncFeedBatch.overlay`).
    func entries(_ collection: String, ids: [UUID], on db: any Database) async throws -> [UUID: [Entry]] {
        var found = Dictionary(ids.map { ($0, [Entry]()) }, uniquingKeysWith: { first, _ in first })
        let decoder = JSONDecoder()
        for slice in BoundList.slices(ids.map(Self.key)) {
            let rows = try await (try db.sql).raw(
                """
                SELECT row_id, scope, version, deleted, field_versions FROM sync_rows
                WHERE collection = \(bind: collection) AND row_id IN (\(binds: slice))
                """
            ).all(decoding: EntryRow.self)
            for row in rows {
                guard let id = UUID(anyText: row.row_id) else { continue }
                found[id, default: []].append(row.entry(decoder))
            }
        }
        SyncFeedBatch.current?.overlay(collection, on: &found)
        return found
    }

    struct Entry: Sendable {
        var scope: String
        var version: Int
        var deleted: Bool
        var fieldVersions: [String: Int]
    }

    private struct EntryRow: Decodable {
        var row_id: String
        var scope: String
        var version: Int
        var deleted: Bool
        var field_versions: String

        /// One decoder serves every row of a read (`versions` reads a page's rows through here).
        func entry(_ decoder: JSONDecoder) -> Entry {
            Entry(
                scope: scope, version: version, deleted: deleted,
                fieldVersions: (try? decoder.decode([String: Int].self, from: Data(field_versions.utf8))) ?? [:])
        }
    }

    private func entries(_ collection: String, id: UUID, on db: any Database) async throws -> [Entry] {
        try await entries(collection, ids: [id], on: db)[id] ?? []
    }

    private func write(
        _ collection: String, id: UUID, scope: String, version: Int, deleted: Bool, fieldVersions: [String: Int], data: JSONText? = nil,
        on db: any Database
    ) async throws {
        let write = SyncFeedBatch.Write(
            collection: collection, rowID: Self.key(id), scope: scope, version: version, deleted: deleted, fieldVersions: fieldVersions,
            data: data.map { String(decoding: $0.bytes, as: UTF8.self) })
        if let batch = SyncFeedBatch.current {
            batch.add(write)
        } else {
            try await SyncFeedBatch.insert([write], on: try db.sql)
        }
    }

    /// Runs `body` with the feed's writes kept and written together when it ends (see `SyncFeedBatch`); inside
    /// an open batch, `body` joins it.
    func batchingWrites<T>(on db: any Database, _ body: () async throws -> T) async throws -> T {
        if SyncFeedBatch.current != nil { return try await body() }
        let batch = SyncFeedBatch()
        let value = try await SyncFeedBatch.$current.withValue(batch) { try await body() }
        try await batch.flush(on: try db.sql)
        return value
    }

    static func key(_ id: UUID) -> String { id.wireText }
}
