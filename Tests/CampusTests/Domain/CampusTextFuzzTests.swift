import Crypto
import Foundation
import Testing
@testable import Campus

@Suite("Campus decoders of client text under hostile input")
struct CampusTextFuzzTests {
    @Test("grades, times, period codes and dates: random and mutated text never traps, and what is accepted reads back the same")
    func grades() {
        var fuzz = FuzzInputs(seed: 13)
        for text in fuzz.strings(3_000) + fuzz.mutations(of: "8.5", 2_000) + fuzz.mutations(of: "07:30", 2_000) + fuzz.mutations(of: "2026/1", 1_000)
        {
            if let grade = Grade(text) {
                #expect(Grade(grade.text) == grade)
                #expect((grade.numericTenths ?? 0) <= 100)
            }
            if let minutes = CampusText.minutes(text) { #expect((0..<1_440).contains(minutes) && CampusText.clock(minutes) == text) }
            _ = RecordService.isPeriodCode(text)
            _ = Credits.hundredths(Double(text) ?? .nan)
        }
    }

    @Test("signed links: random, truncated and mutated tokens are refused, never trap, and a valid one is accepted only with its key")
    func signedLinks() {
        let key = SymmetricKey(size: .bits256), other = SymmetricKey(size: .bits256)
        let valid = SignedLink(studentID: UUID(), payload: SignedLink.generation(3)).encoded(key: key)
        #expect(SignedLink.verify(valid, payloadLength: 4, key: key) != nil)
        #expect(SignedLink.verify(valid, payloadLength: 4, key: other) == nil)
        #expect(SignedLink.verify(valid, payloadLength: 0, key: key) == nil)
        var fuzz = FuzzInputs(seed: 14)
        for text in fuzz.strings(2_000) + fuzz.mutations(of: valid, 3_000) where text != valid {
            #expect(SignedLink.verify(text, payloadLength: 4, key: key) == nil, "\(text)")
        }
    }

    @Test("CSV imports: random and mutated files never trap; a file is either rows under the header or a list of line errors")
    func csv() {
        var fuzz = FuzzInputs(seed: 15)
        let valid = "boleta,period,clave,group\n2022630101,2027/1,C501,5CM1\n"
        for bytes in fuzz.mutations(of: Array(valid.utf8), 3_000) {
            let text = String(decoding: bytes, as: UTF8.self)
            switch CampusCSV.rows(text, header: CampusCSV.enrolmentHeader) {
            case .success(let rows): #expect(rows.allSatisfy { $0.values.count == 4 && $0.line >= 2 })
            case .failure(let refused): #expect(!refused.errors.isEmpty && refused.errors.allSatisfy { $0.line >= 1 })
            }
        }
    }
}
