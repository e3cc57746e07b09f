import Foundation
import PatioCore
import Testing

@Suite("Ids as text, without Foundation's formatter and parser")
struct UUIDTextTests {
    @Test("random ids are written exactly as Foundation writes them, upper and lower case, and read back")
    func roundTrip() {
        for _ in 0..<2_000 {
            let id = UUID()
            #expect(id.upperText == id.uuidString)
            #expect(id.lowerText == id.uuidString.lowercased())
            #expect(UUID(canonicalText: id.upperText) == id)
            #expect(UUID(canonicalText: id.lowerText) == id)
        }
        let edges = [
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
        ]
        for id in edges {
            #expect(id.upperText == id.uuidString && UUID(canonicalText: id.lowerText) == id)
        }
    }

    @Test("mixed case reads as Foundation reads it")
    func mixedCase() {
        for _ in 0..<500 {
            let text = String(UUID().uuidString.map { Bool.random() ? Character($0.lowercased()) : $0 })
            #expect(UUID(canonicalText: text) == UUID(uuidString: text))
            #expect(UUID(canonicalText: text) != nil)
        }
    }

    // Text the fast reader refuses goes on to `UUID(uuidString:)` wherever ids are read, so a refusal costs time,
    // never an answer; taking text Foundation refuses, or reading it as another id, would be the bug.
    @Test("a damaged id is never read as another: whatever the fast reader takes, Foundation reads the same")
    func damagedText() {
        let alphabet = Array("0123456789abcdefABCDEFgGzZ-{} \u{0}é".unicodeScalars)
        var taken = 0
        for _ in 0..<20_000 {
            var scalars = Array(UUID().uuidString.unicodeScalars)
            switch Int.random(in: 0..<4) {
            case 0: scalars[Int.random(in: 0..<scalars.count)] = alphabet.randomElement()!
            case 1: scalars.remove(at: Int.random(in: 0..<scalars.count))
            case 2: scalars.insert(alphabet.randomElement()!, at: Int.random(in: 0...scalars.count))
            default: scalars = (0..<Int.random(in: 0...40)).map { _ in alphabet.randomElement()! }
            }
            let text = String(String.UnicodeScalarView(scalars))
            let fast = UUID(canonicalText: text)
            // Text taken by neither reader or by Foundation alone: `anyText` answers exactly as Foundation does.
            #expect(UUID(anyText: text) == UUID(uuidString: text), "\(text)")
            if let fast {
                taken += 1
                #expect(fast == UUID(uuidString: text), "\(text)")
            }
        }
        // Replacing a hex digit with another hex digit keeps a readable id: the property saw both outcomes.
        #expect(taken > 0)
    }
}
