import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioIdentity
import PatioModules
import Testing

@Suite("Accounts admin API")
struct AdminAccountsAPITests {
    @Test("an account made with a module's profile is made whole or not at all: a profile that fails leaves no account")
    func accountWithProfile() async throws {
        struct ProfileRefused: Error {}
        try await TestPatio.with(modules: availableModules) { patio, _ in
            let accounts = patio.components.identity.accounts
            let input = NewAccount(email: "both@demo.patio", name: "Ambos", password: "a-long-password", roles: [])
            await #expect(throws: ProfileRefused.self) {
                try await accounts.create(input) { _, _ in throw ProfileRefused() }
            }
            #expect(try await accounts.find(email: "both@demo.patio") == nil)
            let made = try await accounts.create(input) { account, _ in account.id }
            #expect(try await accounts.find(email: "both@demo.patio")?.id == made)
        }
    }

    @Test("an admin creates an account with roles; the email is unique ignoring case")
    func create() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let created = try await client.api(
                .post, "/api/v1/admin/accounts", token: admin,
                body: ["email": "Jose@Demo.patio", "name": "José Pérez", "password": "a-long-password", "roles": ["admin"]])
            #expect(created.status == .created)
            let account = try decode(AccountReply.self, created)
            #expect(account.email == "jose@demo.patio" && account.roles == ["admin"] && account.isActive)

            let duplicate = try await client.api(
                .post, "/api/v1/admin/accounts", token: admin, body: ["email": "JOSE@demo.patio", "name": "Otro", "password": "a-long-password"])
            #expect(duplicate.status == .conflict)
            #expect(try problem(duplicate).code == "email_taken")

            let invalid = try await client.api(
                .post, "/api/v1/admin/accounts", token: admin, body: ["email": "nope", "name": "", "password": "short", "roles": ["wizard.king"]])
            #expect(invalid.status == .unprocessableContent)
            #expect(Set(try problem(invalid).errors?.map(\.field) ?? []) == ["email", "name", "password", "roles"])

            let fetched = try await client.api(.get, "/api/v1/admin/accounts/\(account.id)", token: admin)
            #expect(try decode(AccountReply.self, fetched) == account)
            #expect(try await client.api(.get, "/api/v1/admin/accounts/\(UUID())", token: admin).status == .notFound)
            #expect(try await client.api(.get, "/api/v1/admin/accounts/not-a-uuid", token: admin).status == .notFound)
        }
    }

    @Test("search ignores case and accents, and pages with a cursor")
    func searchAndPaging() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            try await patio.account("jose@demo.patio", name: "José Pérez")
            try await patio.account("maria@demo.patio", name: "María Núñez")
            try await patio.account("pedro@demo.patio", name: "Pedro Gómez")

            let found = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=PEREZ", token: admin))
            #expect(found.items.map(\.email) == ["jose@demo.patio"])
            let byEmail = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=maria%40", token: admin))
            #expect(byEmail.items.map(\.email) == ["maria@demo.patio"])
            let none = try decode(AccountPageReply.self, try await client.api(.get, "/api/v1/admin/accounts?q=zzz", token: admin))
            #expect(none.items.isEmpty && none.nextCursor == nil)

            var emails: [String] = []
            var cursor: String?
            repeat {
                let path = "/api/v1/admin/accounts?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try decode(AccountPageReply.self, try await client.api(.get, path, token: admin))
                #expect(page.items.count <= 2)
                emails += page.items.map(\.email)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(emails == ["admin@demo.patio", "jose@demo.patio", "maria@demo.patio", "pedro@demo.patio"])

            #expect(try await client.api(.get, "/api/v1/admin/accounts?limit=0", token: admin).status == .unprocessableContent)
            #expect(try await client.api(.get, "/api/v1/admin/accounts?cursor=%25%25", token: admin).status == .badRequest)
        }
    }

    @Test("deactivating ends the person's sessions and stops sign-in; reactivating restores it")
    func deactivate() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let ana = try await patio.token(for: "ana@demo.patio", client: client)
            let id = try decode(AccountReply.self, try await client.api(.get, "/api/v1/me", token: ana)).id

            let off = try await client.api(.post, "/api/v1/admin/accounts/\(id)/deactivate", token: admin)
            #expect(try decode(AccountReply.self, off).isActive == false)
            #expect(try await client.api(.get, "/api/v1/me", token: ana).status == .unauthorized)
            #expect(
                try await client.api(.post, "/api/v1/auth/login", body: ["email": "ana@demo.patio", "password": TestPatio.password]).status
                    == .unauthorized)

            #expect(try await client.api(.post, "/api/v1/admin/accounts/\(id)/activate", token: admin).status == .ok)
            _ = try await patio.login("ana@demo.patio", client: client)

            let adminID = try decode(AccountReply.self, try await client.api(.get, "/api/v1/me", token: admin)).id
            let own = try await client.api(.post, "/api/v1/admin/accounts/\(adminID)/deactivate", token: admin)
            #expect(own.status == .conflict)
            #expect(try problem(own).code == "cannot_deactivate_self")
        }
    }

    @Test("an admin resets a password: every session of that account ends")
    func resetPassword() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let ana = try await patio.token(for: "ana@demo.patio", client: client)
            let id = try decode(AccountReply.self, try await client.api(.get, "/api/v1/me", token: ana)).id
            #expect(
                try await client.api(.post, "/api/v1/admin/accounts/\(id)/password", token: admin, body: ["newPassword": "x"]).status
                    == .unprocessableContent)
            #expect(
                try await client.api(.post, "/api/v1/admin/accounts/\(id)/password", token: admin, body: ["newPassword": "reset-by-admin-1"]).status
                    == .noContent)
            #expect(try await client.api(.get, "/api/v1/me", token: ana).status == .unauthorized)
            _ = try await patio.login("ana@demo.patio", password: "reset-by-admin-1", client: client)
        }
    }

    @Test("roles are granted and revoked; unknown roles and removing your own admin are refused")
    func roles() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let ana = try await patio.account("ana@demo.patio")
            let granted = try await client.api(.put, "/api/v1/admin/accounts/\(ana.id)/roles/admin", token: admin)
            #expect(try decode(AccountReply.self, granted).roles == ["admin"])
            // Granting twice is harmless.
            #expect(
                try decode(AccountReply.self, try await client.api(.put, "/api/v1/admin/accounts/\(ana.id)/roles/admin", token: admin)).roles == [
                    "admin"
                ])
            let revoked = try await client.api(.delete, "/api/v1/admin/accounts/\(ana.id)/roles/admin", token: admin)
            #expect(try decode(AccountReply.self, revoked).roles == [])

            let unknown = try await client.api(.put, "/api/v1/admin/accounts/\(ana.id)/roles/wizard.king", token: admin)
            #expect(unknown.status == .unprocessableContent)
            #expect(try problem(unknown).code == "unknown_role")

            let adminID = try decode(AccountReply.self, try await client.api(.get, "/api/v1/me", token: admin)).id
            let own = try await client.api(.delete, "/api/v1/admin/accounts/\(adminID)/roles/admin", token: admin)
            #expect(try problem(own).code == "cannot_revoke_own_admin")

            let roles = try await client.api(.get, "/api/v1/admin/roles", token: admin)
            #expect(String(buffer: roles.body).contains("\"admin\""))
        }
    }
}
