import PatioCore
import PatioTestSupport
import PatioWeb
import Testing
@testable import Payments

/// Every refusal Payments can answer is shown by its code in the reader's words (FieldMessages): the codes are
/// read from the source (RefusalCodes), so a rule added without words fails here, not on a Spanish page in English.
@Suite("Payments refusals: every code Payments answers has its words in Spanish and in English")
struct PaymentsRefusalWordsTests {
    /// The codes in Payments's rules, its pages' code and demo data left out.
    static func codes() throws -> RefusalCodes {
        try RefusalCodes.walk(["Payments"])
    }

    /// A page's words: Payments's over the platform's, as ModulePages looks them up.
    static func words(_ locale: PatioLocale) -> [String: String] {
        Strings.table(locale).merging(PaymentsStrings.all[locale] ?? [:]) { _, own in own }
    }

    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try Self.codes()
        // The walk finds what it should, so the checks below can fail.
        #expect(codes.refusals.isSuperset(of: ["insufficient_funds", "request_expired", "transfer_unbalanced", "demo_only"]) && codes.refusals.count > 18)
        #expect(codes.fields.isSuperset(of: ["amount_positive", "currency_mismatch", "legs_count", "near_format"]) && codes.fields.count > 20)
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
