import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioModules
import Testing

/// What cannot be undone asks first, and every form leaves the browser at an address that answers GET
/// (docs/web-pages.md), on my account and the platform admin's pages.
@Suite("Account and admin pages: asking before what cannot be undone, forms that stay on their page")
struct AccountAndAdminFormTests {
    @Test("removing a passkey asks first, naming it and how many are kept, and removes it only when confirmed, in Spanish and English")
    func passkeyRemovalAsksFirst() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio", name: "Ana Torres")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(try await PasskeyPagesTests.register(SoftAuthenticator.p256(), name: "Teléfono", on: &browser).status == .created)
            let account = String(buffer: try await browser.get("/account").body)
            let remove = try #require(account.firstMatch(of: /action="(\/account\/passkeys\/[0-9A-F-]{36}\/delete)" class="inline" data-confirm>/)?.1)
            let asked = try await browser.post(String(remove), form: [:])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok && question.contains("¿Quitar la llave de acceso «Teléfono»?"))
            #expect(
                question.contains("«Teléfono» deja de abrir tu cuenta: en ese dispositivo entrarás con tu contraseña.")
                    && question.contains("Llaves de acceso que conservas: 0."))
            #expect(question.contains("href=\"/account\"") && question.contains("Esto no se puede deshacer."))
            #expect(String(buffer: try await browser.get("/account").body).contains("value=\"Teléfono\""))
            _ = try await browser.post("/locale", form: ["locale": "en"])
            #expect(String(buffer: try await browser.post(String(remove), form: [:]).body).contains("Remove the passkey “Teléfono”?"))
            let removed = try await browser.submit(String(remove), form: ["confirm": "yes"])
            #expect(removed.at == "/account" && String(buffer: removed.page.body).contains("Passkey “Teléfono” removed."))
            #expect(!String(buffer: removed.page.body).contains("value=\"Teléfono\""))
        }
    }

    @Test(
        """
        every form on my account posts to /account: a refused name or password is shown there (the name as typed, never a password), saved ones \
        say so once
        """
    )
    func accountFormsStayOnTheirPage() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            _ = try await patio.account("ana@test.patio", name: "Ana Torres")
            var browser = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let page = String(buffer: try await browser.get("/account").body)
            #expect(page.components(separatedBy: "<form method=\"post\" action=\"/account\"").count - 1 == 2)
            let long = String(repeating: "a", count: 121)
            let refused = try await browser.submit("/account", form: ["form": "profile", "name": long, "locale": "es"])
            #expect(
                refused.at == "/account" && refused.page.status == .unprocessableContent
                    && String(buffer: refused.page.body).contains("value=\"\(long)\""))
            let wrong = try await browser.submit(
                "/account", form: ["form": "password", "currentPassword": "nope-nope-nope", "newPassword": "another-long-one"])
            #expect(wrong.at == "/account" && wrong.page.status == .forbidden)
            #expect(!String(buffer: wrong.page.body).contains("nope-nope-nope") && !String(buffer: wrong.page.body).contains("another-long-one"))
            let renamed = try await browser.submit("/account", form: ["form": "profile", "name": "Ana Torres Ruiz", "locale": "en"])
            #expect(
                renamed.at == "/account" && String(buffer: renamed.page.body).contains("Saved.")
                    && String(buffer: renamed.page.body).contains("Ana Torres Ruiz"))
            #expect(try await patio.components.identity.accounts.find(email: "ana@test.patio")?.name == "Ana Torres Ruiz")
            let changed = try await browser.submit(
                "/account", form: ["form": "password", "currentPassword": TestPatio.password, "newPassword": "another-long-one"])
            #expect(changed.at == "/account" && String(buffer: changed.page.body).contains("role=\"status\""))
            #expect(!String(buffer: try await browser.get("/account").body).contains("role=\"status\""), "the notice is shown once")
        }
    }

    @Test("deactivating an account asks first, naming the person and how many sessions end, and deactivates only when confirmed")
    func deactivationAsksFirst() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@test.patio", roles: ["admin"])
            let ana = try await patio.account("ana@test.patio", name: "Ana Torres")
            _ = try await patio.login("ana@test.patio", client: client)
            _ = try await patio.login("ana@test.patio", client: client)
            var admin = try await WebSession.signIn(client, email: "admin@test.patio", password: TestPatio.password)
            let page = "/admin/accounts/\(ana.id.uuidString)"
            #expect(String(buffer: try await admin.get(page).body).contains("action=\"\(page)/deactivate\" data-confirm>"))
            let question = String(buffer: try await admin.post(page + "/deactivate", form: [:]).body)
            #expect(question.contains("¿Desactivar la cuenta de Ana Torres?"))
            #expect(
                question.contains("Ana Torres (ana@test.patio) no podrá entrar a Patio ni a sus apps hasta que alguien vuelva a activar la cuenta."))
            #expect(question.contains("Sus 2 sesiones abiertas se cierran ya, en todos sus dispositivos."))
            #expect(try await patio.components.identity.accounts.find(id: ana.id).isActive)
            let done = try await admin.submit(page + "/deactivate", form: ["confirm": "yes"])
            #expect(done.at == page && String(buffer: done.page.body).contains("Guardado."))
            #expect(try await patio.components.identity.accounts.find(id: ana.id).isActive == false)
        }
    }

    @Test(
        """
        deleting a config key asks first with its value and the app; the app's forms post to its page, keeping what was typed when refused; a \
        new app or account keeps what was typed
        """
    )
    func appAdminForms() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("admin@test.patio", roles: ["admin"])
            var admin = try await WebSession.signIn(client, email: "admin@test.patio", password: TestPatio.password)
            let created = try await admin.submit(
                "/admin/apps", form: ["slug": "kiosk", "name": "Kiosk", "latestVersion": "1.0", "minimumVersion": "1.0"])
            #expect(created.at == "/admin/apps/kiosk" && String(buffer: created.page.body).contains("App Kiosk creada."))
            let duplicate = try await admin.post(
                "/admin/apps", form: ["slug": "kiosk", "name": "Kiosko", "latestVersion": "1.0", "minimumVersion": "1.0"])
            #expect(duplicate.status == .conflict && String(buffer: duplicate.body).contains("value=\"Kiosko\""))

            let refused = try await admin.submit("/admin/apps/kiosk", form: ["form": "config", "key": "limit", "kind": "number", "value": "mucho"])
            #expect(refused.at == "/admin/apps/kiosk" && refused.page.status == .unprocessableContent)
            #expect(
                String(buffer: refused.page.body).contains("value=\"limit\"") && String(buffer: refused.page.body).contains("value=\"mucho\"")
                    && String(buffer: refused.page.body).contains("<option selected>number</option>"))
            let saved = try await admin.submit("/admin/apps/kiosk", form: ["form": "config", "key": "mode", "kind": "string", "value": "tablet"])
            #expect(saved.at == "/admin/apps/kiosk" && String(buffer: saved.page.body).contains("Guardado."))

            let question = String(buffer: try await admin.post("/admin/apps/kiosk/config/delete", form: ["key": "mode"]).body)
            #expect(question.contains("¿Borrar la clave «mode» de Kiosk?"))
            #expect(question.contains("Kiosk deja de recibir «mode» (ahora &quot;tablet&quot;) la próxima vez que lea su configuración."))
            #expect(question.contains("name=\"key\" value=\"mode\"") && question.contains("href=\"/admin/apps/kiosk\""))
            #expect(String(buffer: try await client.api(.get, "/api/v1/apps/kiosk/config").body).contains("tablet"))
            let deleted = try await admin.submit("/admin/apps/kiosk/config/delete", form: ["key": "mode", "confirm": "yes"])
            #expect(deleted.at == "/admin/apps/kiosk" && String(buffer: deleted.page.body).contains("Clave «mode» borrada."))
            #expect(String(buffer: try await client.api(.get, "/api/v1/apps/kiosk/config").body).contains("\"config\":{}"))

            let account = try await admin.post(
                "/admin/accounts/new", form: ["name": "Luz Díaz", "email": "no-es-correo", "password": "a-long-password", "roles": "admin"])
            let kept = String(buffer: account.body)
            #expect(account.status == .unprocessableContent && kept.contains("value=\"Luz Díaz\"") && kept.contains("value=\"admin\" checked"))
            #expect(!kept.contains("a-long-password"))
        }
    }
}
