import Foundation
import PatioCore

/// The field-level merge rule of a push (docs/sync.md), without the database: given the server's row (its
/// version, the version at which each field last changed, its values) and a client's mutation made on top of
/// `baseVersion`, which fields conflict. An empty answer means the mutation may be applied.
enum SyncMerge {
    /// - A put conflicts on each field it sends that the server changed after `baseVersion` to a value other
    ///   than the one sent (the same value both sides is agreement, not a conflict); fields the client does not
    ///   send never conflict, so edits to different fields merge.
    /// - A delete conflicts when the row changed after `baseVersion`: on every field changed since then, so the
    ///   client sees what it would throw away.
    /// Fields come back sorted.
    static func conflicts(
        op: SyncMutation.Op, baseVersion: Int, rowVersion: Int, fieldVersions: [String: Int],
        current: [String: JSONValue], incoming: [String: JSONValue]
    ) -> [String] {
        switch op {
        case .put:
            incoming.keys.filter { (fieldVersions[$0] ?? 0) > baseVersion && current[$0] != incoming[$0] }.sorted()
        case .delete:
            rowVersion > baseVersion ? fieldVersions.filter { $0.value > baseVersion }.keys.sorted() : []
        }
    }
}
