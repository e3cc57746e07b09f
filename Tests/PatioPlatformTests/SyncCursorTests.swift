import Foundation
import PatioCore
@testable import PatioPlatform
import PatioTestSupport
import Testing

@Suite("Sync cursors")
struct SyncCursorTests {
    private func code(_ work: () throws -> Void) -> String? {
        do { try work(); return nil } catch let error as AppError { return "\(error.status.code) \(error.code)" } catch { return "\(error)" }
    }

    @Test("a cursor reads back as its sequence, and only for its own collection")
    func roundTrip() throws {
        let cursor = SyncCursor.encode(collection: "onboarding.tasks", seq: 41)
        #expect(try SyncCursor.decode(cursor, collection: "onboarding.tasks") == 41)
        #expect(code { _ = try SyncCursor.decode(cursor, collection: "courier.pickups") } == "400 cursor_wrong_collection")
    }

    @Test("property: random and mutated cursors either name a sequence of 0 or more or are refused with 400, never trap")
    func fuzz() {
        var fuzz = FuzzInputs(seed: 7)
        let valid = SyncCursor.encode(collection: "onboarding.tasks", seq: 5)
        var inputs = fuzz.strings(2_000) + fuzz.mutations(of: valid, 2_000)
        inputs += fuzz.mutations(of: Array("v1:onboarding.tasks:5".utf8), 2_000).map(FuzzInputs.base64URL)
        for input in inputs {
            var seq: Int?
            let answer = code { seq = try SyncCursor.decode(input, collection: "onboarding.tasks") }
            #expect(
                answer == nil || answer == "400 cursor_invalid" || answer == "400 cursor_wrong_collection",
                "\(input.debugDescription): \(answer ?? "")")
            if let seq { #expect(seq >= 0) }
        }
    }
}
