import Crypto
import Foundation
import PatioCore
import PatioTestSupport
import Testing
@testable import Academy

@Suite("Check-in tokens")
struct CheckInTokenTests {
    let key = SymmetricKey(size: .bits256)
    let now = Date(timeIntervalSince1970: 1_800_000_015)

    @Test("a token round-trips its sede and window and is short enough for a small QR code")
    func roundTrip() throws {
        let token = CheckInToken(locationID: UUID(), window: CheckInToken.window(at: now))
        let text = token.encoded(key: key)
        #expect(text.count == 55)
        #expect(try CheckInToken.verify(text, key: key, now: now).get() == token)
        #expect(token.expiresAt == Date(timeIntervalSince1970: Double(token.window + 2) * 30))
    }

    @Test("another server's key, a future window and an old window are refused")
    func refusals() {
        let text = CheckInToken(locationID: UUID(), window: CheckInToken.window(at: now)).encoded(key: key)
        #expect(CheckInToken.verify(text, key: SymmetricKey(size: .bits256), now: now) == .failure(.badSignature))
        #expect(CheckInToken.verify(text, key: key, now: now.addingTimeInterval(-30)) == .failure(.notYetValid))
        #expect(CheckInToken.verify(text, key: key, now: now.addingTimeInterval(60)) == .failure(.expired))
        #expect(CheckInToken.verify("not a token", key: key, now: now) == .failure(.malformed))
    }
}

@Suite("Check-in tokens under hostile input")
struct CheckInTokenFuzzTests {
    @Test("property: random and mutated tokens are refused (or, untouched, accepted) and never trap")
    func fuzz() {
        let key = SymmetricKey(size: .bits256)
        let now = Date(timeIntervalSince1970: 1_800_000_015)
        let valid = CheckInToken(locationID: UUID(), window: CheckInToken.window(at: now)).encoded(key: key)
        var fuzz = FuzzInputs(seed: 0x0C4E)
        var inputs = fuzz.strings(2_000) + fuzz.mutations(of: valid, 3_000)
        // Well-formed base64url of 41 bytes with version 1: it reaches the signature check.
        inputs += fuzz.bytes(1_000, maxLength: 0).map { _ in FuzzInputs.base64URL([1] + (0..<40).map { _ in UInt8.random(in: 0...255) }) }
        for input in inputs {
            switch CheckInToken.verify(input, key: key, now: now) {
            // Only the token's own bytes pass (base64 may spell the same bytes in more than one way).
            case .success: #expect(Data(base64URLEncoded: input) == Data(base64URLEncoded: valid), "a changed token was accepted: \(input)")
            case .failure: break
            }
        }
    }
}
