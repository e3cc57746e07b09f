import Foundation
import PatioCore
import Testing

@Suite("JSON written directly, byte for byte as Patio's JSONEncoder writes it")
struct JSONTextTests {
    func encoded(_ value: JSONValue) throws -> String {
        String(decoding: try PatioJSON.encoder().encode(value), as: UTF8.self)
    }

    func written(_ value: JSONValue) -> String {
        var text = JSONText()
        text.value(value)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test("every control character, quotes, backslashes, slashes and non-ASCII text come out as JSONEncoder writes them")
    func strings() throws {
        let awkward = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + ["\"", "\\", "/", "\u{7F}", "ñandú", "日本", "🙂", "a\u{0}b", ""]
        for text in awkward {
            #expect(written(.string(text)) == (try encoded(.string(text))), "\(Array(text.utf8))")
        }
    }

    @Test("numbers: whole, negative, fractional, tiny and huge come out as JSONEncoder writes them")
    func numbers() throws {
        let numbers: [Double] = [0, -0.0, 1, -1, 42, 0.1, -2.5, 1e-7, 123456.789, 1e15, 1e16, 9.99e14, 1.5e300, -1e-300, Double(Int64.max)]
        for number in numbers {
            #expect(written(.number(number)) == (try encoded(.number(number))), "\(number)")
        }
    }

    @Test("keys are sorted as JSONEncoder sorts them, mixed case, digits and accents included")
    func keys() throws {
        let object = JSONValue.object([
            "b": .null, "B": .bool(true), "a10": .number(1), "a2": .number(2), "_x": .string("x"), "Ñ": .bool(false), "n": .array([]),
            "zeta": .object(["y": .number(1), "X": .number(2)]),
        ])
        #expect(written(object) == (try encoded(object)))
    }

    @Test("an object written in key order worked out once is the same bytes; a field outside that order is still written")
    func objectInGivenOrder() throws {
        let order = JSONText.sortedKeys(["zeta", "B", "a10", "a2", "Ñ", "_x"])
        let complete: [String: JSONValue] = [
            "zeta": .string("z"), "B": .bool(true), "a10": .number(1), "a2": .null, "Ñ": .number(-2.5), "_x": .array([]),
        ]
        let fewer = complete.filter { $0.key != "a2" }
        let more = complete.merging(["b": .string("not in the order")]) { first, _ in first }
        for fields in [complete, fewer, more, [:]] {
            var text = JSONText()
            text.raw("[")
            text.object(fields, sortedKeys: order)
            text.raw("]")
            #expect(String(decoding: text.bytes, as: UTF8.self) == "[" + (try encoded(.object(fields))) + "]")
        }
    }

    @Test("an id is written as the JSON string of its lower-case text")
    func ids() throws {
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")]
        for id in (0..<50).map({ _ in UUID() }) + edges.compactMap({ $0 }) {
            var text = JSONText()
            text.lowerText(id)
            #expect(String(decoding: text.bytes, as: UTF8.self) == (try encoded(.string(id.uuidString.lowercased()))))
        }
    }

    @Test("JSON kept as text is appended as it is")
    func storedText() {
        var text = JSONText()
        text.raw("[")
        var stored = #"{"name":"Bogotá D.C.","n":1}"#
        stored.withUTF8 { text.append(storedUTF8: $0) }
        text.raw("]")
        #expect(String(decoding: text.bytes, as: UTF8.self) == #"[{"name":"Bogotá D.C.","n":1}]"#)
    }

    @Test("a JSON value that is not a number (NaN, infinity) is written null rather than stopping the answer")
    func nonFinite() {
        #expect(written(.array([.number(.nan), .number(.infinity)])) == "[null,null]")
    }

    @Test("random nested values come out byte for byte as JSONEncoder writes them")
    func randomValues() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = Self.random(depth: 3, using: &generator)
            #expect(written(value) == (try encoded(value)))
        }
    }

    static func random(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSONValue {
        let alphabet = Array("aZ09_-/\\\"\u{1}\u{1F}\n\tñ日🙂 ")
        func text() -> String { String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }) }
        switch Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &generator) {
        case 0: return .string(text())
        case 1: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)))
        case 2: return .number(Double.random(in: -1e6...1e6, using: &generator))
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .null
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth: depth - 1, using: &generator) })
        default:
            var fields: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &generator) { fields[text()] = random(depth: depth - 1, using: &generator) }
            return .object(fields)
        }
    }
}
