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
/// scope replaces the earlier one, as its upsert would have. Any read of the feed inside the batch writes the
/// batch out first, so nothing in the push ever reads the feed as it was before its own writes.
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

        var key: String { "\(collection)\u{0}\(rowID)\u{0}\(scope)" }
    }

    private let writes = NIOLockedValueBox<[Write]>([])

    func add(_ write: Write) { writes.withLockedValue { $0.append(write) } }

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
            var insert = sql.insert(into: "sync_rows").columns("collection", "row_id", "scope", "seq", "version", "deleted", "field_versions")
            for write in slice {
                seq += 1
                let fields = String(decoding: try encoder.encode(write.fieldVersions), as: UTF8.self)
                insert = insert.values(write.collection, write.rowID, write.scope, seq, write.version, write.deleted, fields)
            }
            try await insert.onConflict(with: ["collection", "row_id", "scope"]) {
                $0.set(excludedValueOf: "seq").set(excludedValueOf: "version").set(excludedValueOf: "deleted")
                    .set(excludedValueOf: "field_versions")
            }.run()
        }
    }
}
