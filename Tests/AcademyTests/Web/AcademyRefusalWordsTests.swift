import PatioCore
import PatioTestSupport
import PatioWeb
import Testing
@testable import Academy

/// Every refusal Academy can answer is shown by its code in the reader's words (FieldMessages): the codes are
/// read from the source (RefusalCodes), so a rule added without words fails here, not on a Spanish page in English.
@Suite("Academy refusals: every code Academy answers has its words in Spanish and in English")
struct AcademyRefusalWordsTests {
    /// The codes in Academy's rules, its pages' code and demo data left out.
    static func codes() throws -> RefusalCodes {
        try RefusalCodes.walk(["Academy"])
    }

    /// A page's words: Academy's over the platform's, as ModulePages looks them up.
    static func words(_ locale: PatioLocale) -> [String: String] {
        Strings.table(locale).merging(AcademyStrings.all[locale] ?? [:]) { _, own in own }
    }

    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try Self.codes()
        // The walk finds what it should, so the checks below can fail.
        #expect(codes.refusals.isSuperset(of: ["class_full", "dni_taken", "checkin_token_expired", "student_not_found"]) && codes.refusals.count > 20)
        #expect(codes.fields.isSuperset(of: ["classes_or_pack", "time_format", "currency_format", "date_order"]) && codes.fields.count > 25)
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
