import PatioTestSupport
import Testing
@testable import Courier

/// Every refusal Courier can answer is shown by its code in the reader's words (FieldMessages): the codes are read
/// from Courier's source, its pages and demo data left out (RefusalCodes), so a rule added without words fails here,
/// not on a Spanish page in English.
@Suite("Courier refusals: every code Courier answers has its words in Spanish and in English")
struct CourierRefusalWordsTests {
    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try RefusalCodes.walk(["Courier"])
        // The walk finds what it should, so the check below can fail.
        #expect(
            codes.refusals.isSuperset(of: ["pickup_closed", "photo_too_large", "agent_taken", "login_body_invalid"]) && codes.refusals.count > 25)
        #expect(
            codes.fields.isSuperset(of: ["locality_code_format", "window_order", "base64_invalid", "position_incomplete"]) && codes.fields.count > 22)
        let silent = codes.silentOnPages(of: CourierStrings.all)
        #expect(silent.isEmpty, "\(silent)")
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try RefusalCodes.walk(["Courier"]).sameInBothOnPages(of: CourierStrings.all)
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
