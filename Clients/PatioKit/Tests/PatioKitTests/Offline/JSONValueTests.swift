import Foundation
import OpenAPIRuntime
import Testing
@testable import PatioKit

@Suite("A synced row's fields: what the generated client decoded becomes PatioKit's JSON values unchanged")
struct JSONValueTests {
    /// What the fields were before: read again from their JSON text.
    private func throughText(_ json: String) throws -> JSONObject {
        try JSONDecoder().decode(JSONObject.self, from: Data(json.utf8))
    }

    private func decoded(_ json: String) throws -> JSONObject {
        try SyncEngine.object(try JSONDecoder().decode(OpenAPIObjectContainer.self, from: Data(json.utf8)))
    }

    @Test("every kind of JSON value, nested, reads the same as from its text; and it is stored as the same text")
    func everyKind() throws {
        let json = #"""
            {"name": "Bogotá, D.C. \"centro\" ñ 🚚", "code": "11001000", "price": 12500, "ratio": 0.25, "negative": -3,
             "active": true, "closed": false, "note": null, "tags": ["a", 1, 2.5, false, null, {"deep": [[]]}],
             "address": {"street": "Cra 7 # 32-16", "floor": 4, "geo": {"lat": 4.6097, "lng": -74.0817}}, "empty": {}}
            """#
        let fields = try decoded(json)
        #expect(fields == (try throughText(json)))
        #expect(try fields.text() == (try throughText(json)).text())
        #expect(fields["price"] == .number(12500) && fields["active"] == .bool(true) && fields["note"] == .null)
    }

    @Test("random rows built from every kind of value read the same both ways")
    func randomRows() throws {
        var generator = SystemRandomNumberGenerator()
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &generator) {
            case 0: return "null"
            case 1: return Bool.random(using: &generator) ? "true" : "false"
            case 2: return String(Int.random(in: -1_000_000...1_000_000, using: &generator))
            case 3: return String(Double.random(in: -1000...1000, using: &generator))
            case 4:
                return "\"" + String((0..<Int.random(in: 0...8, using: &generator)).map { _ in "aé 7ñ🚚/".randomElement(using: &generator)! }) + "\""
            case 5: return "[" + (0..<Int.random(in: 0...3, using: &generator)).map { _ in value(depth + 1) }.joined(separator: ",") + "]"
            default: return "{" + (0..<Int.random(in: 0...3, using: &generator)).map { "\"k\($0)\":" + value(depth + 1) }.joined(separator: ",") + "}"
            }
        }
        for _ in 0..<500 {
            let json = "{" + (0..<Int.random(in: 0...6, using: &generator)).map { "\"f\($0)\":" + value(0) }.joined(separator: ",") + "}"
            #expect(try decoded(json) == (try throughText(json)), "\(json)")
        }
    }
}
