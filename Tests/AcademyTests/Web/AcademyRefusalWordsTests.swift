import PatioTestSupport
import Testing
@testable import Academy

/// Every refusal Academy can answer is shown by its code in the reader's words (FieldMessages): the codes are read
/// from Academy's source, its pages and demo data left out (RefusalCodes), so a rule added without words fails here,
/// not on a Spanish page in English.
@Suite("Academy refusals: every code Academy answers has its words in Spanish and in English")
struct AcademyRefusalWordsTests {
    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try RefusalCodes.walk(["Academy"])
        // The walk finds what it should, so the check below can fail.
        #expect(
            codes.refusals.isSuperset(of: ["class_full", "dni_taken", "checkin_token_expired", "student_not_found"]) && codes.refusals.count > 20)
        #expect(codes.fields.isSuperset(of: ["classes_or_pack", "time_format", "currency_format", "date_order"]) && codes.fields.count > 25)
        let silent = codes.silentOnPages(of: AcademyStrings.all)
        #expect(silent.isEmpty, "\(silent)")
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try RefusalCodes.walk(["Academy"]).sameInBothOnPages(of: AcademyStrings.all)
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
