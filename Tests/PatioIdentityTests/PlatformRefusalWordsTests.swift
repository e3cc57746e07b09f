import PatioTestSupport
import Testing

/// Every refusal the platform can answer (accounts, sign-in, passkeys, client apps, sync, request bodies, the
/// database) is shown by its code in the platform's words (Strings), so a module's page or the admin console
/// never shows a platform refusal in English to a Spanish reader.
@Suite("Platform refusals: every code the platform answers has its words in Spanish and in English")
struct PlatformRefusalWordsTests {
    /// The codes in the platform's rules: identity, the platform services, the core, the web layer and the data.
    static func codes() throws -> RefusalCodes {
        try RefusalCodes.walk(["PatioIdentity", "PatioPlatform", "PatioCore", "PatioWeb", "PatioData"], skipping: [])
    }

    @Test("each refusal code has problem words and each field rule's code has error words (or its refusal's), in both languages")
    func everyCodeHasWords() throws {
        let codes = try Self.codes()
        // The walk finds what it should, so the check below can fail.
        #expect(
            codes.refusals.isSuperset(of: ["email_taken", "csrf_failed", "malformed_json", "database_unavailable", "app_exists"])
                && codes.refusals.count > 35)
        #expect(codes.fields.isSuperset(of: ["email_format", "passkey_name_length", "whole_amount", "mutations_count"]) && codes.fields.count > 12)
        let silent = codes.silentOnPages()
        #expect(silent.isEmpty, "\(silent)")
    }

    @Test("Spanish and English words differ for every refusal: none was left in English on the Spanish side")
    func spanishIsSpanish() throws {
        let same = try Self.codes().sameInBothOnPages()
        #expect(same.isEmpty, "the same words in both languages: \(same)")
    }
}
