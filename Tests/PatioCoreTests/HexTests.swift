import Crypto
import Foundation
import PatioCore
import Testing

@Suite("Hex text of digests")
struct HexTests {
    @Test("every byte value is two lower-case digits, as Foundation formats it")
    func everyByte() {
        let all = (0...255).map { UInt8($0) }
        #expect(Hex.encode(all) == all.map { String(format: "%02x", $0) }.joined())
        #expect(Hex.encode([]) == "")
    }

    @Test("every byte reads as its digit's value when it is a hex digit of either case, and as nothing otherwise")
    func digitValues() {
        for byte in UInt8.min...UInt8.max {
            let scalar = String(UnicodeScalar(byte))
            let expected = scalar.unicodeScalars.allSatisfy(\.isASCII) ? UInt8(scalar, radix: 16) : nil
            #expect(Hex.value(of: byte) == expected, "\(byte)")
        }
    }

    @Test("a token's stored digest is the SHA-256 hex known for it")
    func tokenDigest() {
        // SHA-256("abc") from FIPS 180-2, appendix B.1.
        #expect(SecureToken.digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("random digests match Foundation's formatting")
    func randomDigests() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Hex.encode(SHA256.hash(data: bytes)) == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
            #expect(Hex.encode(bytes).count == bytes.count * 2)
        }
    }
}
