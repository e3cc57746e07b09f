import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing

@Suite("Onboarding web pages")
struct OnboardingPagesTests {
    /// What follows an undo form's id and CSRF token: the finished task is sent back as not done.
    static let undoFields = #"<input type="hidden" name="isDone" value="false"><button type="submit" class="secondary">"#
    @Test("two-step sign-in asks for the password after any email, known or not, and then signs in")
    func twoStepSignIn() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await patio.account("ana@test.patio", name: "Ana Torres", roles: ["onboarding.employee"])
            var browser = try await WebSession.anonymous(client)
            #expect(try await browser.get("/onboarding/signin").status == .ok)
            let known = String(buffer: try await browser.post("/onboarding/signin", form: ["email": "ana@test.patio"]).body)
            let unknown = String(buffer: try await browser.post("/onboarding/signin", form: ["email": "nadie@test.patio"]).body)
            // The same page either way: only the echoed email differs.
            #expect(known.replacingOccurrences(of: "ana@test.patio", with: "X") == unknown.replacingOccurrences(of: "nadie@test.patio", with: "X"))
            #expect(known.contains("type=\"password\""))
            let signedIn = try await browser.post("/login", form: ["email": "ana@test.patio", "password": TestPatio.password, "next": "/onboarding"])
            #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/onboarding")
            #expect(try await browser.get("/onboarding").status == .ok)
        }
    }

    @Test("the employee's dashboard: greeting, due labels, this month's new hires; ticking everything says nice work, with undo")
    func dashboard() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await #require(patio.components.started["onboarding"]).seedDemo()
            var employee = try await WebSession.signIn(client, email: "nuevo@demo.patio", password: "demo-password")
            let home = String(buffer: try await employee.get("/onboarding").body)
            #expect(home.contains("¡Hola de nuevo, Nicolás!") && home.contains(">Hoy<") && home.contains(">Mañana<"))
            #expect(home.contains("class=\"avatar\"") && home.contains("NV"))
            #expect(!home.contains("Firmar el contrato"))  // already done: not in "due soon"
            let ids = home.matches(of: /action="\/onboarding\/tasks\/([0-9A-F-]{36})\/done"/).map { String($0.1) }
            #expect(ids.count == 5)
            for id in ids { #expect(try await employee.post("/onboarding/tasks/\(id)/done", form: ["isDone": "true"]).status == .seeOther) }
            let finished = String(buffer: try await employee.get("/onboarding").body)
            #expect(finished.contains("¡Buen trabajo!"))
            // The undo form of a finished task: it sends isDone=false with its own button.
            let undoForm = /action="\/onboarding\/tasks\/([0-9A-F-]{36})\/done"><input type="hidden" name="_csrf" value="[^"]*">/
            let undo = try #require(
                finished.matches(of: undoForm).first { finished[$0.range.upperBound...].hasPrefix(Self.undoFields) }?.1)
            _ = try await employee.post("/onboarding/tasks/\(undo)/done", form: ["isDone": "false"])
            let undone = String(buffer: try await employee.get("/onboarding").body)
            #expect(!undone.contains("¡Buen trabajo!"))
            #expect(try await employee.get("/onboarding/admin").status == .forbidden)
        }
    }

    @Test("new hires sort either way and take welcome messages; HR adds tasks and new hires and sees progress")
    func newHiresAndHR() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await #require(patio.components.started["onboarding"]).seedDemo()
            var hr = try await WebSession.signIn(client, email: "rrhh@demo.patio", password: "demo-password")
            let earliest = String(buffer: try await hr.get("/onboarding/new-hires").body)
            let latest = String(buffer: try await hr.get("/onboarding/new-hires?sort=latest").body)
            let order = { (page: String) in
                page.matches(of: /<h2><span class="avatar" aria-hidden="true">\w+<\/span> ([^<]+)<\/h2>/).map { String($0.1) }
            }
            #expect(order(earliest).count == 5 && order(earliest) == order(latest).reversed())
            let hire = try #require(earliest.firstMatch(of: /name="newHire" value="([0-9A-F-]{36})"/)?.1)
            let sent = try await hr.submit("/onboarding/new-hires?sort=latest", form: ["newHire": String(hire), "text": "¡Bienvenida!"])
            #expect(sent.at == "/onboarding/new-hires?sort=latest" && String(buffer: sent.page.body).contains("Mensaje enviado."))
            #expect(!String(buffer: try await hr.get(sent.at).body).contains("Mensaje enviado."), "the notice is shown once")
            // Refused, the page is shown again at its own address, with what was typed in that new hire's form.
            let refused = try await hr.post(
                "/onboarding/new-hires", form: ["newHire": String(hire), "text": String(repeating: "¡Hola! ", count: 80)])
            #expect(refused.status == .unprocessableContent)
            #expect(
                String(buffer: refused.body).contains(
                    "name=\"newHire\" value=\"\(hire)\">\n    <label>Mensaje <input name=\"text\" maxlength=\"500\" value=\"¡Hola! ¡Hola!"))

            let admin = String(buffer: try await hr.get("/onboarding/admin").body)
            #expect(admin.contains("nuevo@demo.patio"))
            // Each person's progress reads as a sentence with a bar, not three bare numbers.
            #expect(admin.contains("1 de 6 tareas hechas") && admin.contains("<progress max=\"6\" value=\"1\""))
            // Both forms of HR's page post to the page's own address, naming themselves.
            #expect(admin.contains("<form method=\"post\" action=\"/onboarding/admin\" class=\"card narrow\" data-form=\"task\">"))
            let bad = try await hr.submit(
                "/onboarding/admin", form: ["form": "task", "text": "Entregar laptop", "dueDate": "2026-12-01", "assigneeEmail": "nadie@demo.patio"])
            #expect(bad.at == "/onboarding/admin" && bad.page.status == .unprocessableContent)
            #expect(
                String(buffer: bad.page.body).contains("value=\"Entregar laptop\"")
                    && String(buffer: bad.page.body).contains("value=\"nadie@demo.patio\""))
            let good = try await hr.submit(
                "/onboarding/admin", form: ["form": "task", "text": "Entregar laptop", "dueDate": "2026-12-01", "assigneeEmail": "nuevo@demo.patio"])
            #expect(
                good.at == "/onboarding/admin" && String(buffer: good.page.body).contains("Tarea creada.")
                    && String(buffer: good.page.body).contains("Entregar laptop"))
            let hired = try await hr.submit(
                "/onboarding/admin", form: ["form": "newHire", "name": "Paula Reyes", "startDate": "2026-12-07", "team": "Datos"])
            #expect(hired.at == "/onboarding/admin" && String(buffer: hired.page.body).contains("Nuevo ingreso registrado."))
            #expect(!String(buffer: try await hr.get("/onboarding/admin").body).contains("Nuevo ingreso registrado."), "the notice is shown once")
            // Removing a task asks first, naming it, and removes it only when confirmed.
            let task = try #require(
                String(buffer: good.page.body).firstMatch(
                    of: /Entregar laptop<\/span>[\s\S]*?action="(\/onboarding\/admin\/tasks\/[0-9A-F-]{36}\/delete)" class="inline" data-confirm/)?.1)
            let asked = String(buffer: try await hr.post(String(task), form: [:]).body)
            #expect(asked.contains("¿Quitar «Entregar laptop»?") && asked.contains("Esto no se puede deshacer."))
            #expect(String(buffer: try await hr.get("/onboarding/admin").body).contains("Entregar laptop"))
            let removed = try await hr.submit(String(task), form: ["confirm": "yes"])
            #expect(
                removed.at == "/onboarding/admin" && String(buffer: removed.page.body).contains("Quitado.")
                    && !String(buffer: removed.page.body).contains("Entregar laptop"))
        }
    }

    @Test("the dashboard's offline queue pushes through a cookie-and-CSRF route with the sync rules; the worker may control /onboarding")
    func offlineQueueRoute() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Firmar contrato", for: company.anaID)
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let home = String(buffer: try await ana.get("/onboarding").body)
            #expect(
                home.contains("data-sync-url=\"/onboarding/sync/tasks\"") && home.contains("data-version=\"1\"")
                    && home.contains("/static/onboarding/offline.js"))
            let payload = #"{"clientId":"web-test","mutations":[{"mutationId":1,"op":"put","id":"\#(id)","baseVersion":1,"fields":{"isDone":true}}]}"#
            let pushed = try await ana.post("/onboarding/sync/tasks", form: ["payload": payload])
            #expect(pushed.status == .ok && String(buffer: pushed.body).contains(#""status":"applied""#))
            let again = try await ana.post("/onboarding/sync/tasks", form: ["payload": payload])
            #expect(String(buffer: again.body).contains(#""status":"duplicate""#))
            let forged = try await ana.post("/onboarding/sync/tasks", form: ["payload": payload], includeCSRF: false)
            #expect(forged.status == .forbidden)
            #expect(try await company.tasks(company.ana)[id]?["isDone"] as? Bool == true)
            let worker = try await ana.get("/onboarding/sw.js")
            #expect(worker.status == .ok && worker.headers[HTTPField.Name("Service-Worker-Allowed")!] == "/onboarding")
        }
    }

    @Test(
        """
        offline copies belong to the signed-in account and go away on sign-out: the worker is keyed by account, every signed-in page signs out \
        through the cleaner
        """
    )
    func offlineCopiesPerAccount() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await Company.make(patio, client)
            let account = try #require(try await patio.components.identity.accounts.find(email: "ana@test.patio"))
            var ana = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            let home = String(buffer: try await ana.get("/onboarding").body)
            // The page registers the worker for this account, and its unsent ticks are queued under it.
            #expect(home.contains("src=\"/static/onboarding/offline.js\" data-account=\"\(account.id.uuidString)\""))
            let page = String(buffer: try await ana.get("/static/onboarding/offline.js").body)
            #expect(page.contains("/onboarding/sw.js?account=") && page.contains("'patio-onboarding-' + account"))
            let worker = String(buffer: try await ana.get("/onboarding/sw.js?account=\(account.id.uuidString)").body)
            #expect(
                worker.contains("const CACHE = PREFIX + '-v2-' + ACCOUNT;") && worker.contains("key !== CACHE")
                    && worker.contains("caches.delete(CACHE)"))
            // Offline, a page this account never saw is the offline notice, never another copy.
            #expect(worker.contains("status: 503") && !worker.contains("caches.match('/onboarding')"))
            // Sign-out, from any signed-in page, deletes the copies and the worker before the form goes.
            for path in ["/onboarding", "/", "/account"] {
                // Someone with one app is taken from the home page into it.
                let html = String(buffer: try await ana.follow(try await ana.get(path), from: path).page.body)
                #expect(html.contains("action=\"/logout\" class=\"inline signout\" data-signout") && html.contains("/static/signout.js"), "\(path)")
            }
            let cleaner = String(buffer: try await ana.get("/static/signout.js").body)
            #expect(cleaner.contains("caches.delete(key)") && cleaner.contains("registration.unregister()"))
            #expect(try await ana.post("/logout", form: [:]).status == .seeOther)
            let signedOut = String(buffer: try await ana.get("/login").body)
            #expect(!signedOut.contains("signout.js"))
        }
    }

    @Test("HR uploads a new hire's photo from the page (CSRF token in a header), sees it, and removes it")
    func photoUpload() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let hire = try await client.created(
                "/api/v1/onboarding/new-hires", token: company.hr, ["name": "Lucía Fernández", "startDate": "2026-12-01"])
            // The API spells the id in lower case; the pages' links use its upper-case form.
            let id = UUID(uuidString: hire["id"] as! String)!.uuidString
            var hr = try await WebSession.signIn(client, email: "rrhh@test.patio", password: TestPatio.password)
            let admin = String(buffer: try await hr.get("/onboarding/admin").body)
            #expect(admin.contains("data-photo-upload=\"/onboarding/admin/new-hires/\(id)/photo\"") && admin.contains(">LF<"))
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 1, count: 64)
            func upload(_ bytes: [UInt8], token: String?) async throws -> TestResponse {
                var headers: HTTPFields = [.cookie: hr.cookieHeader, .contentType: "image/png"]
                if let token { headers[HTTPField.Name("X-CSRF-Token")!] = token }
                return try await client.execute(
                    uri: "/onboarding/admin/new-hires/\(id)/photo", method: .post, headers: headers, body: ByteBuffer(bytes: bytes))
            }
            #expect(try await upload(png, token: nil).status == .forbidden)
            #expect(try await upload(png, token: "not-the-token").status == .forbidden)
            let refused = try await upload(Array("GIF89a".utf8), token: hr.csrf)
            #expect(refused.status == .unsupportedMediaType && String(buffer: refused.body).contains("image_format_unsupported"))
            #expect(try await upload(png, token: hr.csrf).status == .ok)
            let withPhoto = String(buffer: try await hr.get("/onboarding/admin").body)
            #expect(withPhoto.contains("<img class=\"avatar\" src=\"/onboarding/new-hires/\(id)/avatar\""))
            let photo = try await hr.get("/onboarding/new-hires/\(id)/avatar")
            #expect(photo.status == .ok && Array(buffer: photo.body) == png)
            // Removing the photo asks first and removes nothing until confirmed.
            let asked = try await hr.post("/onboarding/admin/new-hires/\(id)/photo/delete", form: [:])
            #expect(asked.status == .ok && String(buffer: asked.body).contains("Esto no se puede deshacer."))
            #expect(try await hr.get("/onboarding/new-hires/\(id)/avatar").status == .ok)
            #expect(try await hr.post("/onboarding/admin/new-hires/\(id)/photo/delete", form: ["confirm": "yes"]).status == .seeOther)
            #expect(try await hr.get("/onboarding/new-hires/\(id)/avatar").status == .notFound)
        }
    }

    @Test("a refused new hire reads in Spanish by the rule's code, with Onboarding's own labels ('Puesto' is the job title here)")
    func refusalsInSpanish() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await patio.account("rh@test.patio", roles: ["onboarding.admin"])
            var hr = try await WebSession.signIn(client, email: "rh@test.patio", password: TestPatio.password)
            _ = try await hr.post("/locale", form: ["locale": "es"])
            let refused = try await hr.post(
                "/onboarding/admin", form: ["form": "newHire", "name": "", "startDate": "mañana", "role": String(repeating: "x", count: 61)])
            #expect(refused.status == .unprocessableContent)
            let body = String(buffer: refused.body)
            #expect(body.contains("Nombre: Escribe el nombre de la persona, de 1 a 80 caracteres."))
            #expect(body.contains("Fecha de inicio: Usa aaaa-mm-dd."))
            #expect(body.contains("Puesto: El puesto admite hasta 60 caracteres."))
            #expect(!body.contains("Give the new hire"))
        }
    }
}
