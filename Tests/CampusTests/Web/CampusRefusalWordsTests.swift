import Foundation
import PatioCore
import PatioTestSupport
import PatioWeb
import Testing
@testable import Campus

/// Every refusal Campus can answer is shown by its code in the reader's words (FieldMessages): the codes are
/// read from the source, so a rule added without words fails here, not on a Spanish page in English.
@Suite("Campus refusals: every code Campus answers has its words in Spanish and in English")
struct CampusRefusalWordsTests {
    /// The codes in Campus's and the SAES connector's rules, the page code and demo data left out (RefusalCodes).
    static func codes() throws -> (refusals: Set<String>, fields: Set<String>) {
        var codes = try RefusalCodes.walk(["Campus", "SAESConnector"])
        // Answered by the shared CSV reading Campus imports through: a refused file and its lines' quoting.
        codes.refusals.formUnion(["csv_invalid", "csv_not_utf8"])
        codes.fields.formUnion([CSVTokenizer.unterminatedQuote, CSVTokenizer.quoteFormat])
        return (codes.refusals, codes.fields)
    }

    /// A page's words: Campus's over the platform's, as ModulePages looks them up.
    static func words(_ locale: PatioLocale) -> [String: String] {
        Strings.table(locale).merging(CampusStrings.all[locale] ?? [:]) { _, campus in campus }
    }

    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let (refusals, fields) = try Self.codes()
        // The walk finds what it should, so the checks below can fail.
        #expect(refusals.isSuperset(of: ["saes_wrong_captcha", "saes_unavailable", "group_full", "boleta_taken"]) && refusals.count > 35)
        #expect(fields.isSuperset(of: ["saes_boleta_format", "required", "header_mismatch", "student_not_found"]) && fields.count > 45)
        for locale in [PatioLocale.es, .en] {
            let words = Self.words(locale)
            let silentRefusals = refusals.filter { (words["problem.\($0)"] ?? "").isEmpty }.sorted()
            #expect(silentRefusals.isEmpty, "\(locale.rawValue) has no problem.<code> for \(silentRefusals)")
            let silentFields = fields.filter { (words["error.\($0)"] ?? words["problem.\($0)"] ?? "").isEmpty }.sorted()
            #expect(silentFields.isEmpty, "\(locale.rawValue) has no error.<code> for \(silentFields)")
        }
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let (refusals, fields) = try Self.codes()
        let keys = refusals.map { "problem.\($0)" } + fields.map { "error.\($0)" }
        let es = Self.words(.es), en = Self.words(.en)
        let same = keys.filter { es[$0] != nil && es[$0] == en[$0] && !["error.evaluation_unknown"].contains($0) }.sorted()
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }

    @Test("a CSV file's refused line reads once, in the reader's words: “Línea 2 · Boleta: Ningún estudiante tiene esa boleta.”")
    func csvLineOnce() {
        let refusal = CSVLineError.refusal([
            CSVLineError(line: 2, column: "boleta", code: "student_not_found", message: "No student has boleta 9."),
            CSVLineError(line: 1, column: nil, code: "header_mismatch", message: "The header must be: a,b"),
        ])
        let spanish = FieldMessages.rows(refusal.fieldErrors, strings: Self.words(.es)).map { $0["message"] ?? "" }
        #expect(
            spanish == [
                "Línea 2 · Boleta: Ningún estudiante tiene esa boleta.",
                "Línea 1: La primera línea debe ser la cabecera de lo que importas (ver «Qué importar»).",
            ])
        #expect(
            FieldMessages.detail(refusal, strings: Self.words(.en))
                == "The file has errors; nothing was imported. Fix these lines and import it again:")
        // A line whose code has no words keeps the service's English once, without its repeated "Line 2: ".
        let unknown = CSVLineError.refusal([CSVLineError(line: 2, column: nil, code: "brand_new", message: "Something new.")])
        #expect(FieldMessages.rows(unknown.fieldErrors, strings: Self.words(.es)).map { $0["message"] } == ["Línea 2: Something new."])
    }
}
