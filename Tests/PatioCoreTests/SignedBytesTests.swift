import Crypto
import PatioCore
import Testing

@Suite("Signed tokens: a body and 16 bytes of its HMAC")
struct SignedBytesTests {
    let key = SymmetricKey(size: .bits256)

    @Test("what is signed verifies to its body; any flipped bit, another key, or another length does not")
    func tampering() {
        let body = Array("sede-and-window".utf8)
        let signed = SignedBytes.sign(body, key: key)
        #expect(signed.count == body.count + SignedBytes.macLength)
        #expect(SignedBytes.verify(signed, bodyLength: body.count, key: key) == body)
        for index in signed.indices {
            for bit in 0..<8 {
                var flipped = signed
                flipped[index] ^= 1 << bit
                #expect(SignedBytes.verify(flipped, bodyLength: body.count, key: key) == nil, "bit \(bit) of byte \(index)")
            }
        }
        #expect(SignedBytes.verify(signed, bodyLength: body.count, key: SymmetricKey(size: .bits256)) == nil)
        #expect(SignedBytes.verify(signed, bodyLength: body.count - 1, key: key) == nil)
        #expect(SignedBytes.verify(Array(signed.dropLast()), bodyLength: body.count, key: key) == nil)
        #expect(SignedBytes.verify([], bodyLength: 0, key: key) == nil)
        #expect(SignedBytes.verify(signed, bodyLength: -1, key: key) == nil)
    }
}
