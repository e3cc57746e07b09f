import Foundation
import PatioCore
import Testing

@Suite("App versions")
struct AppVersionTests {
    @Test("parts compare as numbers, missing parts are zero")
    func numericComparison() {
        #expect(AppVersion("100")! == AppVersion("100.0.0")!)
        #expect(AppVersion("1.10")! > AppVersion("1.9")!)
        #expect(AppVersion("2.0.1")! > AppVersion("2")!)
        #expect(AppVersion("0.9.9")! < AppVersion("1.0")!)
    }

    @Test("malformed versions are refused", arguments: ["", "1..2", "a.b", "1.2.3.4.5", "-1", "1.2-beta", " . "])
    func malformed(text: String) {
        #expect(AppVersion(text) == nil)
    }
}

@Suite("Languages")
struct LocaleTests {
    @Test("Accept-Language picks the best supported language by weight")
    func negotiation() {
        #expect(PatioLocale.negotiate(acceptLanguage: "en-US,en;q=0.9") == .en)
        #expect(PatioLocale.negotiate(acceptLanguage: "fr-FR, en;q=0.5, es;q=0.8") == .es)
        #expect(PatioLocale.negotiate(acceptLanguage: "de") == .es)
        #expect(PatioLocale.negotiate(acceptLanguage: nil) == .es)
        #expect(PatioLocale.negotiate(acceptLanguage: "en;q=0") == .es)
    }
}

@Suite("Input rules")
struct InputRulesTests {
    @Test("emails are normalised and shape-checked")
    func emails() {
        #expect(EmailAddress.normalise("  Ana@Demo.PATIO ") == "ana@demo.patio")
        #expect(EmailAddress.isValid("ana@demo.patio"))
        for bad in ["ana", "ana@", "@demo.patio", "ana@demo", "an a@demo.patio", "ana@.patio"] {
            #expect(!EmailAddress.isValid(bad), "\(bad)")
        }
    }

    @Test("page limits and cursors are validated")
    func paging() throws {
        #expect(try CursorPageRequest(limit: nil, cursor: nil).limit == 50)
        #expect(throws: AppError.self) { try CursorPageRequest(limit: "0", cursor: nil) }
        #expect(throws: AppError.self) { try CursorPageRequest(limit: "201", cursor: nil) }
        #expect(throws: AppError.self) { try CursorPageRequest(limit: "ten", cursor: nil) }
        let cursor = CursorPageRequest.cursor(for: "ana@demo.patio")
        #expect(try CursorPageRequest(limit: "10", cursor: cursor).after == "ana@demo.patio")
        #expect(throws: AppError.self) { try CursorPageRequest(limit: nil, cursor: "%%%") }
    }

    @Test("JSON decoding errors name the field")
    func fieldErrors() throws {
        struct Body: Decodable { var email: String; var age: Int }
        do {
            _ = try JSONBody.decodeJSON(Body.self, from: Data(#"{"email":"a@b.c"}"#.utf8))
            Issue.record("expected an error")
        } catch let error as AppError {
            #expect(error.code == "validation_failed")
            #expect(error.fieldErrors == [FieldError(field: "age", message: "This field is required.")])
        }
        do {
            _ = try JSONBody.decodeJSON(Body.self, from: Data(#"{"email":1,"age":2}"#.utf8))
            Issue.record("expected an error")
        } catch let error as AppError {
            #expect(error.fieldErrors.first?.field == "email")
        }
        #expect(throws: AppError.badRequest(code: "malformed_json", "The body is not valid JSON.")) {
            _ = try JSONBody.decodeJSON(Body.self, from: Data("{nope".utf8))
        }
    }
}
