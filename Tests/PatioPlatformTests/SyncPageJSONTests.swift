import Foundation
import PatioCore
@testable import PatioPlatform
import Testing

@Suite("A sync page's JSON")
struct SyncPageJSONTests {
    @Test("a page is written byte for byte as JSONEncoder writes it: puts with their data, tombstones without, ids in lower case")
    func sameBytes() throws {
        let put = SyncService.Change(
            op: .put, id: UUID(), version: 3,
            data: ["name": .string("Bogotá \"D.C.\"\n"), "available": .bool(true), "zone": .null, "count": .number(12), "ratio": .number(0.25)])
        let tombstone = SyncService.Change(op: .delete, id: UUID(), version: 7, data: nil)
        for (changes, cursor, hasMore) in [([put, tombstone, put], "c/42+x", true), ([], "", false)] {
            let page = SyncService.Page(changes: changes, cursor: cursor, hasMore: hasMore)
            let encoded = try PatioJSON.encoder().encode(SyncService.Page.Decoded(changes: changes, cursor: cursor, hasMore: hasMore))
            #expect(String(decoding: page.json, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
            #expect(try page.decoded == SyncService.Page.Decoded(changes: changes, cursor: cursor, hasMore: hasMore))
        }
        #expect(
            String(decoding: SyncService.Page(changes: [tombstone], cursor: "c", hasMore: false).json, as: UTF8.self).contains(tombstone.id.wireText))
    }

    @Test("a put whose row was written ahead is sent with exactly those bytes, the same page as from its fields")
    func writtenRows() throws {
        let fields: [String: JSONValue] = ["name": .string("Medellín"), "code": .string("05001000"), "available": .bool(true)]
        let id = UUID()
        var text = JSONText()
        text.object(fields)
        let fromFields = SyncService.Page(changes: [.init(op: .put, id: id, version: 2, data: fields)], cursor: "c", hasMore: false)
        var writer = SyncService.PageWriter(capacity: 0)
        writer.put(IDText(id), version: 2) { $0.append(text) }
        #expect(String(decoding: writer.finish(cursor: "c", hasMore: false), as: UTF8.self) == String(decoding: fromFields.json, as: UTF8.self))
    }

    @Test("puts read after the others go in at the places they were met; a row no longer found leaves no trace, not even a comma")
    func insertedInPlace() throws {
        let changes = (0..<5).map {
            SyncService.Change(op: $0 == 2 ? .delete : .put, id: UUID(), version: $0 + 1, data: $0 == 2 ? nil : ["n": .number(Double($0))])
        }
        let inOrder = SyncService.Page(changes: changes, cursor: "c", hasMore: true)
        // Rows 0 and 3 and 4 are read later; row 4 is gone by then.
        var writer = SyncService.PageWriter(capacity: 0)
        var later: [(place: Int, row: SyncService.Change)] = []
        for (index, change) in changes.enumerated() {
            if [0, 3, 4].contains(index) {
                later.append((writer.place, change))
            } else {
                writer.change(op: change.op, id: IDText(change.id), version: change.version, data: change.data)
            }
        }
        writer.insert(later) { page, change in
            guard change.version != 5 else { return }
            page.change(op: change.op, id: IDText(change.id), version: change.version, data: change.data)
        }
        let expected = SyncService.Page(changes: Array(changes.prefix(4)), cursor: "c", hasMore: true)
        #expect(String(decoding: writer.finish(cursor: "c", hasMore: true), as: UTF8.self) == String(decoding: expected.json, as: UTF8.self))
        #expect(inOrder.json != expected.json)

        // Every row gone: an empty list, as a page with no changes.
        var empty = SyncService.PageWriter(capacity: 0)
        empty.insert([(empty.place, ())]) { _, _ in }
        #expect(empty.finish(cursor: "c", hasMore: false) == SyncService.Page(changes: [], cursor: "c", hasMore: false).json)
    }
}
