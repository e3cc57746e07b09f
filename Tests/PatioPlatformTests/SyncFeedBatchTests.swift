import Foundation
@testable import PatioPlatform
import Testing

@Suite("A push's feed writes, held until it commits")
struct SyncFeedBatchTests {
    private static func write(_ collection: String, _ id: UUID, scope: String, version: Int, deleted: Bool = false) -> SyncFeedBatch.Write {
        SyncFeedBatch.Write(
            collection: collection, rowID: SyncFeed.key(id), scope: scope, version: version, deleted: deleted,
            fieldVersions: deleted ? [:] : ["isDone": version])
    }

    @Test(
        """
        a read inside the push sees its own writes over the table's entries: a write in a scope replaces that scope's entry, one in a new \
        scope is added, the last write of a row wins, and writes of other collections or rows not asked for are left out
        """
    )
    func overlay() {
        let moved = UUID(), edited = UUID(), untouched = UUID(), notAsked = UUID()
        let batch = SyncFeedBatch()
        batch.add(Self.write("tasks", edited, scope: "account:a", version: 4))
        batch.add(Self.write("tasks", edited, scope: "account:a", version: 5))
        batch.add(Self.write("tasks", moved, scope: "account:a", version: 3, deleted: true))
        batch.add(Self.write("tasks", moved, scope: "account:b", version: 3))
        batch.add(Self.write("photos", untouched, scope: "account:a", version: 9))
        batch.add(Self.write("tasks", notAsked, scope: "account:a", version: 2))
        var found: [UUID: [SyncFeed.Entry]] = [
            moved: [SyncFeed.Entry(scope: "account:a", version: 2, deleted: false, fieldVersions: ["isDone": 2])],
            edited: [SyncFeed.Entry(scope: "account:a", version: 3, deleted: false, fieldVersions: ["isDone": 3])],
            untouched: [SyncFeed.Entry(scope: "account:a", version: 1, deleted: false, fieldVersions: [:])],
        ]
        batch.overlay("tasks", on: &found)

        #expect(Set(found.keys) == [moved, edited, untouched])
        #expect(found[edited]?.map(\.version) == [5] && found[edited]?.first?.fieldVersions == ["isDone": 5])
        let movedEntries = found[moved] ?? []
        #expect(movedEntries.count == 2)
        let tombstone = movedEntries.first { $0.scope == "account:a" }
        #expect(tombstone?.deleted == true && tombstone?.version == 3)
        #expect(SyncFeed.live(movedEntries, scopes: ["account:b"])?.version == 3)
        #expect(SyncFeed.live(movedEntries, scopes: ["account:a"]) == nil)
        #expect(found[untouched]?.map(\.version) == [1])
    }
}
