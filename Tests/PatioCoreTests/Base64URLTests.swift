import Foundation
import PatioCore
import PatioTestSupport
import Testing

/// Base64url as tokens, cursors and request ids use it: the same text and the same refusals as standard base64
/// with `-`/`_` for `+`/`/` and no padding.
@Suite("Base64url: what Foundation's base64 gives, with the URL alphabet")
struct Base64URLTests {
    /// Foundation's base64 with the alphabet swapped, written the plain way: what the one-pass code must match.
    private static func reference(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func reference(decoding text: String) -> Data? {
        guard text.utf8.count % 4 != 1 else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }

    @Test("random bytes of every length up to 100 encode as the reference does and decode back")
    func roundTrips() {
        var fuzz = FuzzInputs(seed: 0xB64)
        for bytes in fuzz.bytes(3_000, maxLength: 100) {
            let data = Data(bytes)
            let text = data.base64URLEncodedString()
            #expect(text == Self.reference(data))
            #expect(Data(base64URLEncoded: text) == data)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
        }
    }

    @Test("arbitrary text, and mutations of valid text, decode exactly when the reference decodes, to the same bytes")
    func arbitraryText() {
        var fuzz = FuzzInputs(seed: 0xB64_2)
        let valid = ["djE6NQ", "AAEC_-8", Data([0xFB, 0xFF, 0xBF]).base64URLEncodedString()]
        for text in fuzz.strings(3_000) + valid.flatMap({ fuzz.mutations(of: $0, 1_000) }) {
            #expect(Data(base64URLEncoded: text) == Self.reference(decoding: text), "\(text.debugDescription)")
        }
    }

    @Test("tokens have the length their bytes give and do not repeat")
    func tokens() {
        #expect(SecureToken.generate().utf8.count == 43 && SecureToken.generate(bytes: 12).utf8.count == 16)
        #expect(Data(base64URLEncoded: SecureToken.generate(bytes: 13))?.count == 13)
        #expect(Set((0..<1_000).map { _ in SecureToken.generate() }).count == 1_000)
        #expect(SecureToken.generate(bytes: 0).isEmpty)
    }
}
