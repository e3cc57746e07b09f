import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioModules
import Testing

@Suite("Web shell")
struct WebShellTests {
    @Test("the home page needs an account; sign-in sets an HttpOnly, SameSite=Lax cookie and lists the admin console")
    func signInFlow() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@demo.patio", name: "Admin", roles: ["admin"])
            var browser = try await WebSession.anonymous(client)
            let home = try await browser.get("/")
            #expect(home.status == .seeOther)
            #expect(home.headers[.location] == "/login?next=/")

            let failed = try await browser.post("/login", form: ["email": "admin@demo.patio", "password": "wrong-password"])
            #expect(failed.status == .unauthorized)
            #expect(String(buffer: failed.body).contains("no es correcto") || String(buffer: failed.body).contains("not correct"))

            let signedIn = try await browser.post("/login", form: ["email": "admin@demo.patio", "password": TestPatio.password, "next": "/admin"])
            #expect(signedIn.status == .seeOther)
            #expect(signedIn.headers[.location] == "/admin")
            let cookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("patio_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))

            let page = try await browser.get("/")
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("href=\"/admin\""))
            #expect(html.contains("<html lang=\"es\">"))

            let logout = try await browser.post("/logout", form: [:])
            #expect(logout.status == .seeOther)
            #expect(try await browser.get("/").status == .seeOther)
        }
    }

    @Test("a sign-in never redirects to another site")
    func openRedirect() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("ana@demo.patio")
            var browser = try await WebSession.anonymous(client)
            let response = try await browser.post(
                "/login", form: ["email": "ana@demo.patio", "password": TestPatio.password, "next": "//evil.example/x"])
            #expect(response.headers[.location] == "/")
        }
    }

    @Test("forms without the CSRF token are refused")
    func csrf() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("ana@demo.patio")
            var browser = try await WebSession.anonymous(client)
            let forged = try await browser.post("/login", form: ["email": "ana@demo.patio", "password": TestPatio.password], includeCSRF: false)
            #expect(forged.status == .forbidden)
            #expect(forged.headers[values: .setCookie].allSatisfy { !$0.hasPrefix("patio_session=") })
        }
    }

    @Test("pages speak the browser's language and remember a switch")
    func languages() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            var browser = WebSession(client: client, cookies: [:])
            let spanish = try await browser.get("/login")
            #expect(String(buffer: spanish.body).contains("Iniciar sesión"))
            var english = WebSession(client: client, cookies: [:])
            let page = try await english.get("/login", headers: [.acceptLanguage: "en-GB,en;q=0.9"])
            #expect(String(buffer: page.body).contains("Sign in"))

            #expect(try await browser.post("/locale", form: ["locale": "en"]).status == .seeOther)
            #expect(String(buffer: try await browser.get("/login").body).contains("Sign in"))
            #expect(try await browser.post("/locale", form: ["locale": "klingon"]).status == .unprocessableContent)
        }
    }

    @Test("unknown pages get a designed 404 page; unknown API paths get problem+json")
    func notFound() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            let page = try await client.execute(uri: "/no/such/page", method: .get)
            #expect(page.status == .notFound)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(String(buffer: page.body).contains("Página no encontrada"))
            let api = try await client.execute(uri: "/api/v1/no/such/thing", method: .get)
            #expect(api.status == .notFound)
            #expect(try problem(api).code == "not_found")
        }
    }

    @Test("a cookie never authorises the API and a bearer token never opens a page")
    func credentialsStayApart() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@demo.patio", roles: ["admin"])
            let browser = try await WebSession.signIn(client, email: "admin@demo.patio", password: TestPatio.password)
            let api = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: browser.cookieHeader])
            #expect(api.status == .unauthorized)
            let token = try await patio.login("admin@demo.patio", client: client)
            let page = try await client.execute(uri: "/admin", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(page.status == .seeOther)
        }
    }

    @Test("admins manage accounts and app config from the pages")
    func adminPages() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@demo.patio", name: "Admin", roles: ["admin"])
            var browser = try await WebSession.signIn(client, email: "admin@demo.patio", password: TestPatio.password)

            let invalid = try await browser.post("/admin/accounts/new", form: ["name": "", "email": "bad", "password": "x"])
            #expect(invalid.status == .unprocessableContent)
            #expect(String(buffer: invalid.body).contains("role=\"alert\""))

            let created = try await browser.post(
                "/admin/accounts/new", form: ["name": "Lucía Ramos", "email": "lucia@demo.patio", "password": "a-long-password", "roles": "admin"])
            #expect(created.status == .seeOther)
            let detailPath = try #require(created.headers[.location])
            let lucia = try #require(try await patio.components.identity.accounts.find(email: "lucia@demo.patio"))
            for role in patio.components.identity.accounts.knownRoles {
                _ = try await patio.components.identity.accounts.grant(role: role, to: lucia.id)
            }
            let detail = String(buffer: try await browser.get(detailPath).body)
            #expect(detail.contains("Lucía Ramos"))
            // Every known role is granted, so the page says so instead of offering an empty list.
            #expect(detail.contains("ya tiene todos los roles"))
            #expect(!detail.contains("roles/grant"))
            let list = try await browser.get("/admin/accounts?q=lucia")
            #expect(String(buffer: list.body).contains("lucia@demo.patio"))
            let empty = try await browser.get("/admin/accounts?q=zzzz")
            #expect(String(buffer: empty.body).contains("class=\"card empty\""))

            #expect(try await browser.post(detailPath + "/deactivate", form: ["confirm": "yes"]).status == .seeOther)
            #expect(
                try await client.api(.post, "/api/v1/auth/login", body: ["email": "lucia@demo.patio", "password": "a-long-password"]).status
                    == .unauthorized)

            let saved = try await browser.post("/admin/apps/classly", form: ["form": "config", "key": "banner", "kind": "bool", "value": "true"])
            #expect(saved.status == .seeOther)
            let config = try await client.api(.get, "/api/v1/apps/classly/config")
            #expect(String(buffer: config.body).contains("\"banner\":true"))
            let wrong = try await browser.post("/admin/apps/classly", form: ["form": "config", "key": "n", "kind": "number", "value": "many"])
            #expect(wrong.status == .unprocessableContent)
            let versions = try await browser.post(
                "/admin/apps/classly", form: ["name": "Classly", "latestVersion": "2.0", "minimumVersion": "1.5", "storeUrl": ""])
            #expect(versions.status == .seeOther)
            let status = try decode(VersionReply.self, try await client.api(.get, "/api/v1/apps/classly/version?current=1.4"))
            #expect(status.status == "updateRequired")
        }
    }

    @Test("my account page changes the password and the language")
    func accountPage() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("ana@demo.patio")
            var browser = try await WebSession.signIn(client, email: "ana@demo.patio", password: TestPatio.password)
            let wrong = try await browser.post(
                "/account", form: ["form": "password", "currentPassword": "nope-nope-nope", "newPassword": "another-long-one"])
            #expect(wrong.status == .forbidden)
            let changed = try await browser.post(
                "/account", form: ["form": "password", "currentPassword": TestPatio.password, "newPassword": "another-long-one"])
            #expect(changed.status == .seeOther)
            #expect(try await browser.get("/account").status == .ok)
            _ = try await patio.login("ana@demo.patio", password: "another-long-one", client: client)
            #expect(try await browser.post("/account", form: ["form": "profile", "locale": "en"]).status == .seeOther)
            #expect(String(buffer: try await browser.get("/account").body).contains("My account"))
        }
    }

    @Test("every account and app action of the admin pages changes what the API sees")
    func adminActions() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@demo.patio", roles: ["admin"])
            let ana = try await patio.account("ana@demo.patio")
            var browser = try await WebSession.signIn(client, email: "admin@demo.patio", password: TestPatio.password)
            let base = "/admin/accounts/\(ana.id.uuidString)"

            #expect(try await browser.post(base + "/roles/grant", form: ["role": "admin"]).status == .seeOther)
            #expect(try await patio.components.identity.accounts.find(id: ana.id).roles == ["admin"])
            #expect(try await browser.post(base + "/roles/revoke", form: ["role": "admin"]).status == .seeOther)
            #expect(try await patio.components.identity.accounts.find(id: ana.id).roles == [])
            // A refused button or password goes back to the account's page, which says why once.
            let unknown = try await browser.submit(base + "/roles/grant", form: ["role": "wizard.king"])
            #expect(unknown.at == base && String(buffer: unknown.page.body).contains("role=\"alert\""))

            let weak = try await browser.submit(base + "/password", form: ["newPassword": "short"])
            #expect(weak.at == base && String(buffer: weak.page.body).contains("role=\"alert\""))
            #expect(try await browser.post(base + "/password", form: ["newPassword": "set-by-the-admin"]).status == .seeOther)
            _ = try await patio.login("ana@demo.patio", password: "set-by-the-admin", client: client)

            #expect(try await browser.post(base + "/deactivate", form: ["confirm": "yes"]).status == .seeOther)
            #expect(try await patio.components.identity.accounts.find(id: ana.id).isActive == false)
            #expect(try await browser.post(base + "/activate", form: [:]).status == .seeOther)
            #expect(try await patio.components.identity.accounts.find(id: ana.id).isActive == true)
            #expect(try await browser.get("/admin/accounts/\(UUID().uuidString)").status == .notFound)

            let created = try await browser.post(
                "/admin/apps", form: ["slug": "kiosk", "name": "Kiosk", "latestVersion": "1.0", "minimumVersion": "1.0"])
            #expect(created.headers[.location] == "/admin/apps/kiosk")
            let duplicate = try await browser.post(
                "/admin/apps", form: ["slug": "kiosk", "name": "Kiosk", "latestVersion": "1.0", "minimumVersion": "1.0"])
            #expect(duplicate.status == .conflict)
            #expect(
                try await browser.post("/admin/apps/kiosk", form: ["form": "config", "key": "mode", "kind": "string", "value": "tablet"]).status
                    == .seeOther)
            #expect(String(buffer: try await browser.get("/admin/apps/kiosk").body).contains("tablet"))
            #expect(try await browser.post("/admin/apps/kiosk/config/delete", form: ["key": "mode", "confirm": "yes"]).status == .seeOther)
            #expect(String(buffer: try await client.api(.get, "/api/v1/apps/kiosk/config").body).contains("\"config\":{}"))
            #expect(try await browser.get("/admin/apps/ghost").status == .notFound)
        }
    }
}
