import FluentKit
import Foundation
import NIOConcurrencyHelpers
import PatioCore
import PatioData
import SQLKit

/// The feed writes of one push, kept until the push ends and then written together: one statement takes every
/// sequence they need and one statement per hundred rows writes them.
///
/// A push of a hundred mutations used to write the feed a hundred times, two statements each, and on SQLite
/// each statement costs more in getting to the database than in the database. Writes made while a batch is
/// open — by the push itself or by a module's `apply` — join it in order; a later write of the same row and
/// scope replaces the earlier one, as its upsert would have. A read of the feed inside the batch sees its writes
/// laid over what the table holds (`overlay`), so nothing in the push reads the feed as it was before its own
/// writes, and the sequence counter is locked only when the batch goes out, just before the push commits.
final class SyncFeedBatch: Sendable {
    /// The batch open in this task, if any.
    @TaskLocal static var current: SyncFeedBatch?

    struct Write: Sendable {
        var collection: String
        var rowID: String
        var scope: String
        var version: Int
        var deleted: Bool
        var fieldVersions: [String: Int]
        /// The row's wire form as JSON (`SyncFeed.recordPut`'s `written`); nil for tombstones and rows read at pull.
        var data: String? = nil

        var key: String { "\(collection)\u{0}\(rowID)\u{0}\(scope)" }
    }

    private let writes = NIOLockedValueBox<[Write]>([])

    func add(_ write: Write) { writes.withLockedValue { $0.append(write) } }

    /// Lays the batch's writes of `collection` over `found`, the entries read from the table for its rows: a
    /// write replaces the row's entry in its scope or adds one. Rows not in `found` are left out.
    func overlay(_ collection: String, on found: inout [UUID: [SyncFeed.Entry]]) {
        let pending = writes.withLockedValue { $0.filter { $0.collection == collection } }
        guard !pending.isEmpty else { return }
        let ids = Dictionary(found.keys.map { (SyncFeed.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for write in pending {
            guard let id = ids[write.rowID] else { continue }
            let entry = SyncFeed.Entry(scope: write.scope, version: write.version, deleted: write.deleted, fieldVersions: write.fieldVersions)
            var entries = found[id] ?? []
            if let index = entries.firstIndex(where: { $0.scope == write.scope }) { entries[index] = entry } else { entries.append(entry) }
            found[id] = entries
        }
    }

    /// Writes what the batch holds (nothing when it is empty) and empties it.
    func flush(on sql: any SQLDatabase) async throws {
        let taken = writes.withLockedValue { held in
            defer { held.removeAll() }
            return held
        }
        try await Self.insert(taken, on: sql)
    }

    /// Gives `writes` their sequences in order and writes each row's last one.
    static func insert(_ writes: [Write], on sql: any SQLDatabase) async throws {
        // The last write of each row and scope is the one that counts; keeping order keeps sequences in the
        // order the changes were made.
        var last: [String: Int] = [:]
        for (index, write) in writes.enumerated() { last[write.key] = index }
        let kept = writes.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
        guard !kept.isEmpty else { return }
        struct Sequence: Decodable { var value: Int }
        guard
            let reserved = try await sql.raw("UPDATE sync_counter SET value = value + \(bind: kept.count) WHERE id = 1 RETURNING value")
                .first(decoding: Sequence.self)?.value
        else {
            throw AppError(.internalServerError, code: "sync_counter_missing", detail: "The sync feed's counter is missing.")
        }
        let encoder = JSONEncoder()
        var seq = reserved - kept.count
        for slice in BoundList.slices(kept, size: 100) {
            var insert = sql.insert(into: "sync_rows").columns(
                "collection", "row_id", "scope", "seq", "version", "deleted", "field_versions", "data")
            for write in slice {
                seq += 1
                let fields = String(decoding: try encoder.encode(write.fieldVersions), as: UTF8.self)
                insert = insert.values(write.collection, write.rowID, write.scope, seq, write.version, write.deleted, fields, write.data)
            }
            try await insert.onConflict(with: ["collection", "row_id", "scope"]) {
                $0.set(excludedValueOf: "seq").set(excludedValueOf: "version").set(excludedValueOf: "deleted")
                    .set(excludedValueOf: "field_versions").set(excludedValueOf: "data")
            }.run()
        }
    }
}
