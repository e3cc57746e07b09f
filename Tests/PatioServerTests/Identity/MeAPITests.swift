import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioModules
import Testing

@Suite("My account API")
struct MeAPITests {
    @Test("changing the password keeps this session, ends the others, and only the new password works")
    func changePassword() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let current = try await patio.token(for: "ana@demo.patio", client: client)
            let phone = try await patio.login("ana@demo.patio", client: client)
            let response = try await client.api(
                .post, "/api/v1/me/password", token: current, body: ["currentPassword": TestPatio.password, "newPassword": "a-brand-new-secret"])
            #expect(response.status == .noContent)
            #expect(try await client.api(.get, "/api/v1/me", token: current).status == .ok)
            #expect(try await client.api(.get, "/api/v1/me", token: phone).status == .unauthorized)
            #expect(
                try await client.api(.post, "/api/v1/auth/login", body: ["email": "ana@demo.patio", "password": TestPatio.password]).status
                    == .unauthorized)
            _ = try await patio.login("ana@demo.patio", password: "a-brand-new-secret", client: client)
        }
    }

    @Test("a wrong current password is 403 and a weak new one is 422; nothing changes")
    func refusals() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@demo.patio", client: client)
            let wrong = try await client.api(
                .post, "/api/v1/me/password", token: token, body: ["currentPassword": "nope-nope-nope", "newPassword": "a-brand-new-secret"])
            #expect(wrong.status == .forbidden)
            #expect(try problem(wrong).code == "wrong_password")
            let weak = try await client.api(
                .post, "/api/v1/me/password", token: token, body: ["currentPassword": TestPatio.password, "newPassword": "short"])
            #expect(weak.status == .unprocessableContent)
            #expect(try problem(weak).errors?.first?.field == "newPassword")
            _ = try await patio.login("ana@demo.patio", client: client)
            #expect(try await client.api(.post, "/api/v1/me/password", body: ["currentPassword": "x", "newPassword": "y"]).status == .unauthorized)
        }
    }

    @Test("name and language can be updated and are validated")
    func updateProfile() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let token = try await patio.token(for: "ana@demo.patio", client: client)
            let updated = try await client.api(.patch, "/api/v1/me", token: token, body: ["name": "Ana Lucía", "locale": "en"])
            #expect(updated.status == .ok)
            let account = try decode(AccountReply.self, updated)
            #expect(account.name == "Ana Lucía" && account.locale == "en")
            let unchanged = try await client.api(.patch, "/api/v1/me", token: token, body: [String: String]())
            #expect(try decode(AccountReply.self, unchanged) == account)
            let nameOnly = try decode(AccountReply.self, try await client.api(.patch, "/api/v1/me", token: token, body: ["name": "Ana"]))
            #expect(nameOnly.name == "Ana" && nameOnly.locale == "en")
            let bad = try await client.api(.patch, "/api/v1/me", token: token, body: ["locale": "fr", "name": ""])
            #expect(bad.status == .unprocessableContent)
            #expect(Set(try problem(bad).errors?.map(\.field) ?? []) == ["name", "locale"])
        }
    }

    @Test("a changed name answers with the account as stored, roles and all, and the admin's search finds it by the new name and the old email")
    func changedNameIsSearchable() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let token = try await patio.token(for: "jose@demo.patio", roles: ["admin", "courier.agent"], client: client)
            let changed = try decode(AccountReply.self, try await client.api(.patch, "/api/v1/me", token: token, body: ["name": "José Pérez"]))
            let me = try decode(AccountReply.self, try await client.api(.get, "/api/v1/me", token: token))
            #expect(changed.id == me.id && changed.email == me.email && changed.name == me.name && Set(changed.roles) == Set(me.roles))
            #expect(changed.roles.sorted() == ["admin", "courier.agent"] && changed.name == "José Pérez")
            for query in ["perez", "jose%40demo"] {
                let found = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=\(query)", token: admin))
                #expect(found.items.map(\.email) == ["jose@demo.patio"], "\(query)")
            }
            let languageOnly = try decode(AccountReply.self, try await client.api(.patch, "/api/v1/me", token: token, body: ["locale": "en"]))
            #expect(languageOnly.name == "José Pérez" && languageOnly.locale == "en")
            let perez = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=PEREZ", token: admin))
            #expect(perez.items.map(\.email) == ["jose@demo.patio"])

            // The email alone changes (as an admin's service does): the name's part of the search text is kept.
            let account = try #require(try await patio.components.identity.accounts.find(email: "jose@demo.patio"))
            let renamed = try await patio.components.identity.accounts.update(id: account.id, name: nil, locale: nil, email: "Pepe.Pérez@Demo.Patio")
            #expect(renamed.email == "pepe.pérez@demo.patio" && renamed.name == "José Pérez")
            for (query, found) in [("jose%20perez", true), ("pepe.perez", true), ("jose%40demo", false)] {
                let page = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=\(query)", token: admin))
                #expect(page.items.map(\.id) == (found ? [account.id] : []), "\(query)")
            }
        }
    }
}
