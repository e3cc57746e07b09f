import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioModules
import Testing

@Suite("Where password sign-in sends a person")
struct SignInRedirectTests {
    @Test(
        "a local next is followed; a disguised address of another site sends the person home instead",
        arguments: [
            ("/academy/me", "/academy/me"), ("/%09/evil.example", "/"), ("/\t/evil.example", "/"), ("//evil.example", "/"),
            ("/\\evil.example", "/"), ("/%2F%2Fevil.example", "/"), ("https://evil.example", "/"),
        ])
    func next(given: String, expected: String) async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio")
            var visitor = try await WebSession.anonymous(client)
            let form = String(buffer: try await visitor.get("/login?next=\(WebSession.encode(given))").body)
            #expect(!form.contains("evil.example"))
            let signedIn = try await visitor.post("/login", form: ["email": "ana@test.patio", "password": TestPatio.password, "next": given])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers[.location] == expected)
        }
    }

    @Test("a doubled slash is still the API: bearer only, never the session cookie, and its POSTs answer as the API does")
    func doubledSlashIsTheAPI() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            // The session cookie does not authorise an API call, whatever the slashes.
            let viaCookie = try await browser.get("//api/v1/me")
            #expect(viaCookie.status == .unauthorized)
            #expect(viaCookie.headers[.contentType]?.contains("problem+json") == true)
            let token = try await patio.login("ana@test.patio", client: client)
            #expect(try await client.api(.get, "//api/v1/me", token: token).status == .ok)
        }
    }
}
