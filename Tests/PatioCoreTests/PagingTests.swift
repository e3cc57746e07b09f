import Foundation
@testable import PatioCore
import PatioTestSupport
import Testing

@Suite("Paging cursors")
struct PagingTests {
    let id = UUID()

    private func code(_ work: () throws -> Void) -> String? {
        do { try work(); return nil } catch let error as AppError { return "\(error.status.code) \(error.code)" } catch { return "\(error)" }
    }

    @Test("a cursor Patio gave out reads back as the same place")
    func roundTrip() throws {
        let time = Date(timeIntervalSince1970: 1_795_000_000.125)
        let page = try CursorPageRequest(limit: "10", cursor: CursorPageRequest.cursor(after: time, id: id))
        let (readTime, readID) = try #require(try page.timeAndID())
        #expect(readTime == time && readID == id)
        let byName = try CursorPageRequest(limit: nil, cursor: CursorPageRequest.cursor(afterText: "Ana | María: López", id: id))
        #expect(try byName.textAndID()?.text == "Ana | María: López")
    }

    @Test(
        "times that were never given out are refused before they reach a query",
        arguments: ["1e300", "-1", "nan", "inf", "-inf", "253402300800", "0x10", ""])
    func impossibleTimes(time: String) {
        let cursor = OpaqueCursor.encode("\(time)|\(UUID().uuidString)")
        #expect(code { _ = try CursorPageRequest(limit: nil, cursor: cursor).timeAndID() } == "400 invalid_cursor")
    }

    @Test(
        "limits outside 1…200 and text that is not a cursor answer a clean problem",
        arguments: [("0", nil), ("201", nil), ("-5", nil), ("1e3", nil), ("9223372036854775808", nil), (nil, "%%%"), (nil, "djE6NQ="), (nil, "a")]
            as [(String?, String?)])
    func refusals(limit: String?, cursor: String?) {
        let answer = code { _ = try CursorPageRequest(limit: limit, cursor: cursor) }
        #expect(answer == "422 validation_failed" || answer == "400 invalid_cursor")
    }

    @Test("property: random and mutated cursors either decode to a place or are refused with 400, never trap")
    func fuzz() throws {
        var fuzz = FuzzInputs(seed: 0x5EED_C0DE)
        let valid = [CursorPageRequest.cursor(after: Date(), id: id), CursorPageRequest.cursor(afterText: "Zoë", id: id), "djE6NQ"]
        var inputs = fuzz.strings(2_000) + valid.flatMap { fuzz.mutations(of: $0, 1_000) }
        inputs += fuzz.bytes(500).map(FuzzInputs.base64URL)  // valid base64url of arbitrary bytes, often not UTF-8
        for input in inputs {
            for read in [{ (page: CursorPageRequest) in _ = try page.timeAndID() }, { _ = try $0.textAndID() }] {
                let answer = code { try read(try CursorPageRequest(limit: nil, cursor: input)) }
                #expect(answer == nil || answer == "400 invalid_cursor", "cursor \(input.debugDescription) answered \(answer ?? "")")
            }
            if let time = try? CursorPageRequest(limit: nil, cursor: input).timeAndID()?.time {
                #expect((0...CursorPageRequest.latestCursorTime).contains(time.timeIntervalSince1970))
            }
        }
    }

    @Test("base64url decoding refuses other alphabets and impossible lengths")
    func base64URL() {
        #expect(OpaqueCursor.decode("djE6NQ") == "v1:5")
        #expect(OpaqueCursor.decode("djE6NQ==") == nil)  // padding is never given out
        #expect(OpaqueCursor.decode("djE+NQ") == nil)
        #expect(OpaqueCursor.decode("abcde") == nil)
        #expect(OpaqueCursor.decode(String(repeating: "A", count: 4_000)) == nil)
        #expect(OpaqueCursor.decode(FuzzInputs.base64URL([0xFF, 0xFE, 0x00])) == nil)
    }
}
