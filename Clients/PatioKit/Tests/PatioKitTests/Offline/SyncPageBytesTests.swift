import Foundation
import Testing
@testable import PatioKit

@Suite("A sync page read from its bytes: each row kept as JSON text with the same fields and values")
struct SyncPageBytesTests {
    @Test("puts keep every field and value (text, numbers, booleans, null, nesting); tombstones carry none")
    func page() throws {
        let bytes = Data(
            """
            {"changes":[{"data":{"name":"Bogot\\u00e1 \\"D.C.\\"","count":12,"ratio":0.25,"available":true,"zone":null,"tags":["a","b/c"],\
            "nested":{"x":1}},"id":"0f9c","op":"put","version":3},{"id":"77aa","op":"delete","version":4},\
            {"id":"88bb","op":"put","version":5}],"cursor":"c/4+2","hasMore":true}
            """.utf8)
        let page = try SyncPageBytes.parse(bytes)
        #expect(page.cursor == "c/4+2" && page.hasMore)
        #expect(page.changes.map(\.op) == [.put, .delete, .put] && page.changes.map(\.id) == ["0f9c", "77aa", "88bb"])
        #expect(page.changes.map(\.version) == [3, 4, 5])
        let stored = try JSONObject.parse(try #require(page.changes[0].data))
        #expect(
            stored == [
                "name": .string("Bogotá \"D.C.\""), "count": .number(12), "ratio": .number(0.25), "available": .bool(true), "zone": .null,
                "tags": .array([.string("a"), .string("b/c")]), "nested": .object(["x": .number(1)]),
            ])
        #expect(page.changes[1].data == nil)
        #expect(page.changes[2].data == "{}")
    }

    @Test("a cursor with characters a query treats specially goes back exactly as it came")
    func path() {
        let path = SyncPageBytes.path("courier.localities", cursor: "ab+c/d=&e", limit: 500)
        #expect(path.hasPrefix("/api/v1/sync/courier.localities?limit=500&cursor="))
        let query = String(path.split(separator: "?", maxSplits: 1)[1])
        let cursor = query.split(separator: "&").first { $0.hasPrefix("cursor=") }.map { String($0.dropFirst("cursor=".count)) }
        #expect(cursor?.removingPercentEncoding == "ab+c/d=&e")
        #expect(!(cursor ?? "").contains("+") && !(cursor ?? "").contains("&"))
        #expect(SyncPageBytes.path("onboarding.tasks", cursor: nil, limit: 1) == "/api/v1/sync/onboarding.tasks?limit=1")
    }

    @Test("anything that is not a sync page is refused as undecodable, never trapped on: random bytes and pages with parts missing")
    func refusals() {
        func refused(_ text: String) -> Bool {
            do {
                _ = try SyncPageBytes.parse(Data(text.utf8))
                return false
            } catch PatioError.undecodable {
                return true
            } catch {
                return false
            }
        }
        for text in [
            "", "[]", "null", "{}", #"{"changes":[],"cursor":"c"}"#, #"{"changes":[{"id":"a","version":1}],"cursor":"c","hasMore":false}"#,
            #"{"changes":[{"op":"merge","id":"a","version":1}],"cursor":"c","hasMore":false}"#,
            #"{"changes":[{"op":"put","id":7,"version":1}],"cursor":"c","hasMore":false}"#,
        ] {
            #expect(refused(text), "\(text)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = Data((0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect((try? SyncPageBytes.parse(bytes)) == nil)
        }
    }
}
