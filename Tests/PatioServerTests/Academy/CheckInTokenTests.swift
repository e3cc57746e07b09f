import Crypto
import Foundation
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
