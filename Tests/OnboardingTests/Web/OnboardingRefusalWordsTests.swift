import PatioCore
import PatioTestSupport
import PatioWeb
import Testing
@testable import Onboarding

/// Every refusal Onboarding can answer is shown by its code in the reader's words (FieldMessages): the codes are
/// read from the source (RefusalCodes), so a rule added without words fails here, not on a Spanish page in English.
@Suite("Onboarding refusals: every code Onboarding answers has its words in Spanish and in English")
struct OnboardingRefusalWordsTests {
    /// The codes in Onboarding's rules, its pages' code and demo data left out.
    static func codes() throws -> RefusalCodes {
        try RefusalCodes.walk(["Onboarding"])
    }

    /// A page's words: Onboarding's over the platform's, as ModulePages looks them up.
    static func words(_ locale: PatioLocale) -> [String: String] {
        Strings.table(locale).merging(OnboardingStrings.all[locale] ?? [:]) { _, own in own }
    }

    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try Self.codes()
        // The walk finds what it should, so the checks below can fail.
        #expect(codes.refusals.isSuperset(of: ["task_not_found", "assignee_not_employee", "image_too_large", "not_your_messages"]) && codes.refusals.count > 5)
        #expect(codes.fields.isSuperset(of: ["task_text_length", "unknown_new_hire", "time_zone", "sort_choice"]) && codes.fields.count > 12)
        for locale in [PatioLocale.es, .en] {
            let silent = codes.silent(in: Self.words(locale))
            #expect(silent.refusals.isEmpty, "\(locale.rawValue) has no problem.<code> for \(silent.refusals)")
            #expect(silent.fields.isEmpty, "\(locale.rawValue) has no error.<code> for \(silent.fields)")
        }
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try Self.codes().sameInBoth(spanish: Self.words(.es), english: Self.words(.en))
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
