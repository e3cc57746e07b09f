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
        for page in [
            SyncService.Page(changes: [put, tombstone, put], cursor: "c/42+x", hasMore: true),
            SyncService.Page(changes: [], cursor: "", hasMore: false),
        ] {
            #expect(String(decoding: page.json, as: UTF8.self) == String(decoding: try PatioJSON.encoder().encode(page), as: UTF8.self))
        }
        #expect(
            String(decoding: SyncService.Page(changes: [tombstone], cursor: "c", hasMore: false).json, as: UTF8.self).contains(tombstone.id.wireText))
    }

    @Test("a put whose row the collection wrote itself is sent with exactly those bytes, the same page as from its fields")
    func writtenRows() throws {
        let fields: [String: JSONValue] = ["name": .string("Medellín"), "code": .string("05001000"), "available": .bool(true)]
        let id = UUID()
        var text = JSONText()
        text.object(fields)
        let fromFields = SyncService.Page(changes: [.init(op: .put, id: id, version: 2, data: fields)], cursor: "c", hasMore: false)
        var written = SyncService.Page(changes: [.init(op: .put, id: id, version: 2, data: nil)], cursor: "c", hasMore: false)
        written.writtenData = [id: text]
        #expect(String(decoding: written.json, as: UTF8.self) == String(decoding: fromFields.json, as: UTF8.self))
        // A tombstone of the same id never carries the written row.
        var tombstone = SyncService.Page(changes: [.init(op: .delete, id: id, version: 3, data: nil)], cursor: "c", hasMore: false)
        tombstone.writtenData = [id: text]
        #expect(!String(decoding: tombstone.json, as: UTF8.self).contains("Medell"))
    }
}
