import Foundation
import PatioCore
import Testing

@Suite("An id's quoted text, read from stored text where it lies")
struct IDTextTests {
    private func written(_ id: IDText) -> String {
        var text = JSONText()
        text.append(id)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    private func read(_ text: String) -> IDText? {
        var text = text
        return text.withUTF8 { IDText(canonicalUTF8: $0) }
    }

    @Test("an id stored in upper, lower or mixed case is written as lowerText writes it, and reads back as the same id")
    func sameAsFromTheID() throws {
        for _ in 0..<2_000 {
            let id = UUID()
            let mixed = String(id.uuidString.map { Bool.random() ? Character($0.lowercased()) : $0 })
            for spelled in [id.uuidString, id.uuidString.lowercased(), mixed] {
                let text = try #require(read(spelled), "\(spelled) is an id")
                #expect(text == IDText(id))
                #expect(written(text) == "\"\(id.uuidString.lowercased())\"")
                #expect(text.value == id)
            }
        }
    }

    // Every byte at every place: the fast check takes exactly what `UUID(canonicalText:)` takes (what a page may
    // carry as an id without escaping), and nothing it takes can break the page's JSON.
    @Test("a damaged id is refused at any place with any byte, exactly where the canonical reader refuses it")
    func damaged() {
        let id = UUID().uuidString
        for place in 0..<36 {
            for byte in UInt8.min...UInt8.max {
                var bytes = Array(id.utf8)
                bytes[place] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                let fast = bytes.withUnsafeBufferPointer { IDText(canonicalUTF8: $0) }
                #expect((fast != nil) == (UUID(canonicalText: text) != nil), "byte \(byte) at \(place)")
                if let fast { #expect(fast.value == UUID(canonicalText: text)) }
            }
        }
        for wrongLength in ["", String(id.dropLast()), id + "0", "{\(id)}"] {
            #expect(read(wrongLength) == nil, "\(wrongLength)")
        }
    }
}
