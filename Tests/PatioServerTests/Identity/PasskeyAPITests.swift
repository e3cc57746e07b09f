import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioTestSupport
import SQLKit
import PatioModules
import Testing

/// Drives the passkey API with an authenticator made in the test, as a browser would relay it.
private struct PasskeyClient {
    let client: any TestClientProtocol

    func b64(_ bytes: [UInt8]) -> String { Data(bytes).base64URLEncodedString() }

    func challenge(_ path: String, token: String? = nil) async throws -> [UInt8] {
        let options = try object(try await client.api(.post, path, token: token))
        return Array(Data(base64URLEncoded: options["challenge"] as! String)!)
    }

    func register(_ authenticator: SoftAuthenticator, token: String, name: String = "Mi teléfono", challenge: [UInt8]? = nil) async throws
        -> TestResponse
    {
        var issued = challenge
        if issued == nil { issued = try await self.challenge("/api/v1/auth/passkeys/register/options", token: token) }
        let created = authenticator.register(challenge: issued!)
        return try await client.api(
            .post, "/api/v1/auth/passkeys/register/verify", token: token,
            body: [
                "id": b64(authenticator.credentialID), "name": name,
                "response": [
                    "clientDataJSON": b64(created.clientDataJSON), "attestationObject": b64(created.attestationObject), "transports": ["internal"],
                ],
            ])
    }

    func assertion(_ authenticator: inout SoftAuthenticator, challenge: [UInt8]) throws -> [String: Any] {
        let signed = try authenticator.assert(challenge: challenge)
        return [
            "id": b64(authenticator.credentialID),
            "response": [
                "clientDataJSON": b64(signed.clientDataJSON), "authenticatorData": b64(signed.authenticatorData), "signature": b64(signed.signature),
            ],
        ]
    }

    func login(_ body: [String: Any]) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/auth/passkeys/login/verify", body: body)
    }
}

@Suite("Passkeys through the API")
struct PasskeyAPITests {
    @Test("register from a signed-in session, then sign in with the passkey alone; list, rename, remove")
    func registerAndSignIn() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@test.patio", client: client)
            let passkeys = PasskeyClient(client: client)
            var phone = SoftAuthenticator.p256()
            let options = try object(try await client.api(.post, "/api/v1/auth/passkeys/register/options", token: token))
            #expect((options["rp"] as? [String: Any])?["id"] as? String == "localhost")
            #expect((options["authenticatorSelection"] as? [String: Any])?["residentKey"] as? String == "required")
            let registered = try await passkeys.register(phone, token: token)
            #expect(registered.status == .created)
            let view = try object(registered)
            #expect(view["name"] as? String == "Mi teléfono" && view["algorithm"] as? String == "ES256")

            let challenge = try await passkeys.challenge("/api/v1/auth/passkeys/login/options")
            let signedIn = try await passkeys.login(try passkeys.assertion(&phone, challenge: challenge))
            #expect(signedIn.status == .ok)
            let session = try decode(LoginReply.self, signedIn)
            #expect(session.account.email == "ana@test.patio")
            #expect(try await client.api(.get, "/api/v1/me", token: session.token).status == .ok)

            let laptop = try SoftAuthenticator.rsa()
            #expect(try await passkeys.register(laptop, token: token, name: "Portátil").status == .created)
            let list = try await client.fetch("/api/v1/auth/passkeys", token: token)["items"] as! [[String: Any]]
            #expect(list.map { $0["algorithm"] as? String } == ["ES256", "RS256"])
            let id = list[1]["id"] as! String
            let renamed = try await client.api(.patch, "/api/v1/auth/passkeys/\(id)", token: token, body: ["name": "Laptop del trabajo"])
            #expect(try object(renamed)["name"] as? String == "Laptop del trabajo")
            let other = try await patio.token(for: "ben@test.patio", client: client)
            #expect(try await client.api(.delete, "/api/v1/auth/passkeys/\(id)", token: other).status == .notFound)
            #expect(try await client.api(.delete, "/api/v1/auth/passkeys/\(id)", token: token).status == .noContent)
            #expect((try await client.fetch("/api/v1/auth/passkeys", token: token)["items"] as! [Any]).count == 1)
        }
    }

    @Test(
        """
        refused: a replayed or expired challenge, another session's registration challenge, an unknown passkey, a deactivated account, a \
        counter going backwards, the same passkey twice
        """
    )
    func refusals() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@test.patio", client: client)
            let passkeys = PasskeyClient(client: client)
            var phone = SoftAuthenticator.p256()
            #expect(try await passkeys.register(phone, token: token).status == .created)
            let again = try await passkeys.register(phone, token: token)
            #expect(try problem(again).code == "passkey_already_registered")

            let challenge = try await passkeys.challenge("/api/v1/auth/passkeys/login/options")
            let body = try passkeys.assertion(&phone, challenge: challenge)
            #expect(try await passkeys.login(body).status == .ok)
            let replay = try await passkeys.login(body)
            #expect(replay.status == .badRequest)
            #expect(try problem(replay).code == "passkey_challenge_used")

            // Asking for a sign-in challenge (anyone may) stores nothing; a forged one is not Patio's.
            struct Count: Decodable { var n: Int }
            let countChallenges = {
                try await (patio.components.database.reader as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM identity_passkey_challenges").first(
                    decoding: Count.self)!.n
            }
            let before = try await countChallenges()
            for _ in 0..<5 { _ = try await passkeys.challenge("/api/v1/auth/passkeys/login/options") }
            #expect(try await countChallenges() == before)
            var forged = try await passkeys.challenge("/api/v1/auth/passkeys/login/options")
            forged[10] ^= 0xFF
            #expect(try problem(try await passkeys.login(try passkeys.assertion(&phone, challenge: forged))).code == "passkey_challenge_unknown")

            let stale = try await passkeys.challenge("/api/v1/auth/passkeys/login/options")
            patio.clock.advance(by: 301)
            #expect(try problem(try await passkeys.login(try passkeys.assertion(&phone, challenge: stale))).code == "passkey_challenge_expired")

            // A registration challenge belongs to the session that asked for it.
            #expect(
                try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: ["password": TestPatio.password]).status == .noContent)
            let otherSession = try await patio.login("ana@test.patio", client: client)
            let theirs = try await passkeys.challenge("/api/v1/auth/passkeys/register/options", token: otherSession)
            let stolen = try await passkeys.register(SoftAuthenticator.p256(), token: token, challenge: theirs)
            #expect(try problem(stolen).code == "passkey_challenge_unknown")

            var stranger = SoftAuthenticator.p256()
            let unknown = try await passkeys.login(
                try passkeys.assertion(&stranger, challenge: try await passkeys.challenge("/api/v1/auth/passkeys/login/options")))
            #expect(unknown.status == .unauthorized)
            #expect(try problem(unknown).code == "passkey_unknown_credential")

            var clone = phone
            clone.signCount = 0  // a copy of the key whose counter starts over
            let cloned = try await passkeys.login(
                try passkeys.assertion(&clone, challenge: try await passkeys.challenge("/api/v1/auth/passkeys/login/options")))
            #expect(try problem(cloned).code == "passkey_counter_regressed")

            let admin = try await patio.token(for: "root@test.patio", roles: ["admin"], client: client)
            let ana = try await patio.components.identity.accounts.find(email: "ana@test.patio")!
            _ = try await client.api(.post, "/api/v1/admin/accounts/\(ana.id)/deactivate", token: admin)
            let inactive = try await passkeys.login(
                try passkeys.assertion(&phone, challenge: try await passkeys.challenge("/api/v1/auth/passkeys/login/options")))
            #expect(try problem(inactive).code == "passkey_account_inactive")
        }
    }

    @Test("a session signed in more than five minutes ago must confirm the password or a passkey before adding a passkey")
    func addingNeedsRecentAuthentication() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@test.patio", client: client)
            let passkeys = PasskeyClient(client: client)
            var phone = SoftAuthenticator.p256()
            let early = try await passkeys.challenge("/api/v1/auth/passkeys/register/options", token: token)
            patio.clock.advance(by: 301)
            // Someone holding the session now: neither new options nor an answer to earlier ones add a passkey.
            let refused = try await client.api(.post, "/api/v1/auth/passkeys/register/options", token: token)
            #expect(refused.status == .forbidden)
            #expect(try problem(refused).code == "reauthentication_required")
            #expect(
                try problem(try await passkeys.register(SoftAuthenticator.p256(), token: token, challenge: early)).code == "reauthentication_required"
            )
            #expect((try await client.fetch("/api/v1/auth/passkeys", token: token)["items"] as! [Any]).isEmpty)

            let wrong = try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: ["password": "not-the-password"])
            #expect(wrong.status == .unauthorized)
            let empty = try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: [String: String]())
            #expect(empty.status == .unprocessableContent)
            #expect(
                try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: ["password": TestPatio.password]).status == .noContent)
            #expect(try await passkeys.register(phone, token: token).status == .created)

            // Later, one of the account's own passkeys confirms it too; another account's does not.
            patio.clock.advance(by: 301)
            let viaPasskey = try await client.api(
                .post, "/api/v1/auth/reauthenticate", token: token,
                body: ["passkey": try passkeys.assertion(&phone, challenge: try await passkeys.challenge("/api/v1/auth/passkeys/login/options"))])
            #expect(viaPasskey.status == .noContent)
            #expect(try await client.api(.post, "/api/v1/auth/passkeys/register/options", token: token).status == .ok)
            let ben = try await patio.token(for: "ben@test.patio", client: client)
            patio.clock.advance(by: 301)
            let foreign = try await client.api(
                .post, "/api/v1/auth/reauthenticate", token: ben,
                body: ["passkey": try passkeys.assertion(&phone, challenge: try await passkeys.challenge("/api/v1/auth/passkeys/login/options"))])
            #expect(try problem(foreign).code == "passkey_other_account")
        }
    }

    @Test("re-authentication is throttled like sign-in: a stolen session cannot guess the password faster")
    func reauthenticationIsThrottled() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@test.patio", client: client)
            for _ in 0..<5 {
                #expect(
                    try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: ["password": "guess-guess-guess"]).status
                        == .unauthorized)
            }
            let blocked = try await client.api(.post, "/api/v1/auth/reauthenticate", token: token, body: ["password": TestPatio.password])
            #expect(blocked.status == .tooManyRequests)
        }
    }
}

@Suite("Passkeys on the pages")
struct PasskeyPagesTests {
    static func b64(_ bytes: [UInt8]) -> String { Data(bytes).base64URLEncodedString() }

    /// Adds `phone` as a passkey from the account page, as passkeys.js does.
    static func register(_ phone: SoftAuthenticator, name: String, on browser: inout WebSession) async throws -> TestResponse {
        let options = try object(try await browser.post("/passkeys/register/options", form: [:]))
        let created = phone.register(challenge: Array(Data(base64URLEncoded: options["challenge"] as! String)!))
        let payload = try JSONSerialization.data(withJSONObject: [
            "id": b64(phone.credentialID), "name": name,
            "response": ["clientDataJSON": b64(created.clientDataJSON), "attestationObject": b64(created.attestationObject)],
        ])
        return try await browser.post("/passkeys/register/verify", form: ["payload": String(decoding: payload, as: UTF8.self)])
    }

    /// The sign-in page's answer for `phone`, as passkeys.js posts it.
    static func assertion(_ phone: inout SoftAuthenticator, on visitor: inout WebSession) async throws -> String {
        let options = try object(try await visitor.post("/passkeys/login/options", form: [:]))
        let signed = try phone.assert(challenge: Array(Data(base64URLEncoded: options["challenge"] as! String)!))
        let assertion = try JSONSerialization.data(withJSONObject: [
            "id": b64(phone.credentialID),
            "response": [
                "clientDataJSON": b64(signed.clientDataJSON), "authenticatorData": b64(signed.authenticatorData), "signature": b64(signed.signature),
            ],
        ])
        return String(decoding: assertion, as: UTF8.self)
    }

    @Test("the account page adds, lists and renames passkeys; the sign-in page's passkey sets the session cookie; refusals come back as JSON")
    func pages() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio", name: "Ana Torres")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            var phone = SoftAuthenticator.p256()
            #expect(try await Self.register(phone, name: "Teléfono", on: &browser).status == .created)
            let account = String(buffer: try await browser.get("/account").body)
            #expect(account.contains("value=\"Teléfono\"") && account.contains("data-passkey-register"))
            let id = try #require(
                account.firstMatch(of: /name="form" value="passkey"><input type="hidden" name="passkey" value="([0-9A-F-]{36})"/)?.1)
            #expect(try await browser.post("/account", form: ["form": "passkey", "passkey": String(id), "name": "Mi iPhone"]).status == .seeOther)
            #expect(String(buffer: try await browser.get("/account").body).contains("value=\"Mi iPhone\""))
            #expect(try await browser.post("/passkeys/register/options", form: [:], includeCSRF: false).status == .forbidden)

            var visitor = try await WebSession.anonymous(client)
            let login = String(buffer: try await visitor.get("/login").body)
            #expect(login.contains("data-passkey-login") && login.contains("/static/passkeys.js"))
            let text = try await Self.assertion(&phone, on: &visitor)
            let answer = try await visitor.post("/passkeys/login/verify", form: ["payload": text, "next": "//evil.example"])
            let answered = try object(answer)
            #expect(answer.status == .ok && answered["next"] as? String == "/")
            #expect(visitor.cookies["patio_session"]?.isEmpty == false)
            #expect(try await visitor.get("/account").status == .ok)
            let replay = try await visitor.post("/passkeys/login/verify", form: ["payload": text])
            let refused = try object(replay)
            #expect(replay.status == .badRequest && refused["code"] as? String == "passkey_challenge_used")
        }
    }

    @Test("on the account page, a session signed in a while ago is asked for its password before a passkey can be added")
    func pagesAskForThePassword() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio", name: "Ana Torres")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(!String(buffer: try await browser.get("/account").body).contains("name=\"reauthPassword\""))
            patio.clock.advance(by: 301)
            #expect(String(buffer: try await browser.get("/account").body).contains("name=\"reauthPassword\""))
            let refused = try await browser.post("/passkeys/register/options", form: [:])
            let refusal = try object(refused)
            #expect(refused.status == .forbidden && refusal["code"] as? String == "reauthentication_required")
            let wrong = try await browser.post("/passkeys/register/options", form: ["reauthPassword": "not-the-password"])
            #expect(wrong.status == .unauthorized)
            let confirmed = try await browser.post("/passkeys/register/options", form: ["reauthPassword": TestPatio.password])
            let options = try object(confirmed)
            #expect(confirmed.status == .ok && options["challenge"] as? String != nil)
        }
    }

    @Test("passkey sign-in never sends a person to another site, however the address is disguised")
    func passkeyNextStaysLocal() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            var phone = SoftAuthenticator.p256()
            #expect(try await Self.register(phone, name: "Teléfono", on: &browser).status == .created)
            for next in ["/%09/evil.example", "/\t/evil.example", "/%5Cevil.example"] {
                var visitor = try await WebSession.anonymous(client)
                let payload = try await Self.assertion(&phone, on: &visitor)
                let answer = try object(try await visitor.post("/passkeys/login/verify", form: ["payload": payload, "next": next]))
                #expect(answer["next"] as? String == "/", "next \(next)")
            }
        }
    }
}
