import PatioTestSupport
import Testing
@testable import Onboarding

/// Every refusal Onboarding can answer is shown by its code in the reader's words (FieldMessages): the codes are read
/// from Onboarding's source, its pages and demo data left out (RefusalCodes), so a rule added without words fails here,
/// not on a Spanish page in English.
@Suite("Onboarding refusals: every code Onboarding answers has its words in Spanish and in English")
struct OnboardingRefusalWordsTests {
    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try RefusalCodes.walk(["Onboarding"])
        // The walk finds what it should, so the check below can fail.
        #expect(
            codes.refusals.isSuperset(of: ["task_not_found", "assignee_not_employee", "image_too_large", "not_your_messages"])
                && codes.refusals.count > 5)
        #expect(codes.fields.isSuperset(of: ["task_text_length", "unknown_new_hire", "time_zone", "sort_choice"]) && codes.fields.count > 12)
        let silent = codes.silentOnPages(of: OnboardingStrings.all)
        #expect(silent.isEmpty, "\(silent)")
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try RefusalCodes.walk(["Onboarding"]).sameInBothOnPages(of: OnboardingStrings.all)
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
