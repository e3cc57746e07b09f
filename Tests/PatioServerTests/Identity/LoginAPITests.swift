import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioModules
import Testing

@Suite("Sign-in API")
struct LoginAPITests {
    @Test("the right password returns a token, its expiry and the account with roles")
    func success() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("Ana@Demo.Patio", name: "Ana", roles: ["admin"])
            let response = try await client.api(.post, "/api/v1/auth/login", body: ["email": " ana@demo.patio ", "password": TestPatio.password])
            #expect(response.status == .ok)
            let reply = try decode(LoginReply.self, response)
            #expect(reply.token.count == 43)  // 256 bits, base64url
            #expect(reply.account.email == "ana@demo.patio")
            #expect(reply.account.roles == ["admin"])
            let expires = try #require(Timestamp.parse(reply.expiresAt))
            #expect(abs(expires.timeIntervalSince(patio.clock.date) - 30 * 24 * 3600) < 1)
            #expect(reply.expiresAt.hasSuffix("Z") && reply.expiresAt.contains("."))

            let me = try await client.api(.get, "/api/v1/me", token: reply.token)
            #expect(me.status == .ok)
            #expect(try decode(AccountReply.self, me).name == "Ana")
        }
    }

    @Test("a wrong password and an unknown email get the same 401")
    func noEnumeration() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("ana@demo.patio")
            let wrong = try await client.api(.post, "/api/v1/auth/login", body: ["email": "ana@demo.patio", "password": "not-the-password"])
            let unknown = try await client.api(.post, "/api/v1/auth/login", body: ["email": "nobody@demo.patio", "password": "not-the-password"])
            #expect(wrong.status == .unauthorized)
            #expect(unknown.status == .unauthorized)
            let a = try problem(wrong), b = try problem(unknown)
            #expect(a.code == "invalid_credentials")
            #expect(a.detail == b.detail && a.code == b.code)
        }
    }

    @Test("missing fields and broken bodies are explained")
    func badBodies() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            let missing = try await client.api(.post, "/api/v1/auth/login", body: ["email": "ana@demo.patio"])
            #expect(missing.status == .unprocessableContent)
            #expect(try problem(missing).errors?.first?.field == "password")

            let malformed = try await client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{oops"))
            #expect(malformed.status == .badRequest)
            #expect(try problem(malformed).code == "malformed_json")

            let empty = try await client.execute(uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"])
            #expect(try problem(empty).code == "body_required")

            let huge = try await client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: String(repeating: "x", count: 70_000)))
            #expect(huge.status == .contentTooLarge)

            let text = try await client.execute(
                uri: "/api/v1/auth/login", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "hi"))
            #expect(text.status == .unsupportedMediaType)
        }
    }

    @Test("a deactivated account cannot sign in")
    func inactive() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let account = try await patio.account("ana@demo.patio")
            _ = try await patio.components.identity.accounts.setActive(false, id: account.id, actor: nil)
            let response = try await client.api(.post, "/api/v1/auth/login", body: ["email": "ana@demo.patio", "password": TestPatio.password])
            #expect(response.status == .unauthorized)
        }
    }

    @Test("logout revokes the token")
    func logout() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@demo.patio", client: client)
            let other = try await patio.login("ana@demo.patio", client: client)
            #expect(try await client.api(.post, "/api/v1/auth/logout", token: token).status == .noContent)
            let after = try await client.api(.get, "/api/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(try problem(after).code == "unauthenticated")
            #expect(after.headers[.wwwAuthenticate] == "Bearer")
            // Only that session ended.
            #expect(try await client.api(.get, "/api/v1/me", token: other).status == .ok)
            #expect(try await client.api(.post, "/api/v1/auth/logout").status == .unauthorized)
        }
    }

    @Test("tokens expire after 30 days unused, and each use slides the expiry")
    func expiry() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let idle = try await patio.token(for: "idle@demo.patio", client: client)
            let busy = try await patio.token(for: "busy@demo.patio", client: client)
            for _ in 0..<3 {
                patio.clock.advance(by: 20 * 24 * 3600)
                #expect(try await client.api(.get, "/api/v1/me", token: busy).status == .ok)
            }
            #expect(try await client.api(.get, "/api/v1/me", token: idle).status == .unauthorized)
            patio.clock.advance(by: 31 * 24 * 3600)
            #expect(try await client.api(.get, "/api/v1/me", token: busy).status == .unauthorized)
        }
    }

    @Test("garbage and unknown tokens are 401, never 500")
    func badTokens() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            for header in ["Bearer nope", "Bearer ", "Basic abc", String(repeating: "Bearer x", count: 50)] {
                let response = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.authorization: header])
                #expect(response.status == .unauthorized, "\(header)")
            }
        }
    }
}
