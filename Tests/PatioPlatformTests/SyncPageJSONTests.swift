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
}
