import PatioTestSupport
import Testing
@testable import Payments

/// Every refusal Payments can answer is shown by its code in the reader's words (FieldMessages): the codes are read
/// from Payments's source, its pages and demo data left out (RefusalCodes), so a rule added without words fails here,
/// not on a Spanish page in English.
@Suite("Payments refusals: every code Payments answers has its words in Spanish and in English")
struct PaymentsRefusalWordsTests {
    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try RefusalCodes.walk(["Payments"])
        // The walk finds what it should, so the check below can fail.
        #expect(
            codes.refusals.isSuperset(of: ["insufficient_funds", "request_expired", "transfer_unbalanced", "demo_only"]) && codes.refusals.count > 18)
        #expect(codes.fields.isSuperset(of: ["amount_positive", "currency_mismatch", "legs_count", "near_format"]) && codes.fields.count > 20)
        let silent = codes.silentOnPages(of: PaymentsStrings.all)
        #expect(silent.isEmpty, "\(silent)")
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try RefusalCodes.walk(["Payments"]).sameInBothOnPages(of: PaymentsStrings.all)
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
