import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioServer
import Testing

@Suite("Onboarding: new hires, tasks, welcome messages, progress")
struct OnboardingAPITests {
    private func hire(_ company: Company, _ name: String, start: String, email: String? = nil) async throws -> String {
        var body: [String: Any] = ["name": name, "startDate": start, "team": "Producto", "role": "Diseño"]
        if let email { body["email"] = email }
        return try await company.client.created("/api/v1/onboarding/new-hires", token: company.hr, body)["id"] as! String
    }

    private func names(_ company: Company, _ query: String) async throws -> [String] {
        let items = try await company.client.fetch("/api/v1/onboarding/new-hires\(query)", token: company.ana)["items"] as! [[String: Any]]
        return items.map { $0["name"] as! String }
    }

    @Test("this month is the company's month: at 21:00 on 30 November in Mexico City it is already December in Tokyo")
    func thisMonthInCompanyTimeZone() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            patio.clock.set(Timestamp.parse("2026-12-01T03:00:00.000Z")!)
            for (name, start) in [("Octubre", "2026-10-31"), ("Primero", "2026-11-01"), ("Último", "2026-11-30"), ("Diciembre", "2026-12-01")] {
                _ = try await hire(company, name, start: start)
            }
            let settings = try await client.api(
                .put, "/api/v1/onboarding/settings", token: company.hr, body: ["companyName": "Acme", "timeZone": "America/Mexico_City"])
            #expect(settings.status == .ok)
            #expect(try await names(company, "?month=current") == ["Primero", "Último"])
            _ = try await client.api(.put, "/api/v1/onboarding/settings", token: company.hr, body: ["companyName": "Acme", "timeZone": "Asia/Tokyo"])
            #expect(try await names(company, "?month=current") == ["Diciembre"])
            let badZone = try await client.api(
                .put, "/api/v1/onboarding/settings", token: company.hr, body: ["companyName": "Acme", "timeZone": "Mars/Olympus"])
            #expect(try problem(badZone).errors?.map(\.field) == ["timeZone"])
        }
    }

    @Test("new hires sort by start date either way; bad dates, sorts and months are refused by field")
    func sortingAndValidation() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            for (name, start) in [("B", "2026-11-10"), ("A", "2026-09-01"), ("C", "2027-01-15")] { _ = try await hire(company, name, start: start) }
            #expect(try await names(company, "") == ["A", "B", "C"])
            #expect(try await names(company, "?sort=latest") == ["C", "B", "A"])
            let badSort = try await client.api(.get, "/api/v1/onboarding/new-hires?sort=alphabetical", token: company.ana)
            #expect(try problem(badSort).errors?.map(\.field) == ["sort"])
            let badMonth = try await client.api(.get, "/api/v1/onboarding/new-hires?month=next", token: company.ana)
            #expect(try problem(badMonth).errors?.map(\.field) == ["month"])
            let impossible = try await client.api(
                .post, "/api/v1/onboarding/new-hires", token: company.hr, body: ["name": "Feb", "startDate": "2026-02-30"])
            #expect(try problem(impossible).errors?.map(\.field) == ["startDate"])
            let created = try await client.fetch("/api/v1/onboarding/new-hires", token: company.ana)["items"] as! [[String: Any]]
            #expect(created.first?["initials"] as? String == "A")
        }
    }

    @Test("tasks belong to their assignee: only they (or HR) tick them, and each employee lists only their own")
    func taskOwnership() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let later = try await company.task("Después", due: "2026-12-10", for: company.anaID)
            let sooner = try await company.task("Antes", due: "2026-12-02", for: company.anaID)
            let bens = try await company.task("De Ben", for: company.benID)
            let mine = try await client.fetch("/api/v1/onboarding/me/tasks", token: company.ana)["items"] as! [[String: Any]]
            // Ids spelled as the sync rows spell them: lower case.
            #expect(mine.map { $0["id"] as? String } == [sooner.uuidString.lowercased(), later.uuidString.lowercased()])
            let intruder = try await client.api(.patch, "/api/v1/onboarding/tasks/\(bens)", token: company.ana, body: ["isDone": true])
            #expect(intruder.status == .notFound)
            #expect(try problem(intruder).code == "task_not_found")
            let ticked = try await client.api(.patch, "/api/v1/onboarding/tasks/\(sooner)", token: company.ana, body: ["isDone": true])
            let tickedTask = try object(ticked)
            #expect(ticked.status == .ok && tickedTask["isDone"] as? Bool == true)
            let missing = try await client.api(.patch, "/api/v1/onboarding/tasks/\(sooner)", token: company.ana, body: [:] as [String: Any])
            #expect(try problem(missing).errors?.map(\.field) == ["isDone"])
            let byHR = try await client.api(.patch, "/api/v1/onboarding/tasks/\(bens)", token: company.hr, body: ["isDone": true])
            #expect(byHR.status == .ok)

            // HR's routes are HR's; assignees must be employees.
            for (method, path) in [
                (HTTPRequest.Method.post, "/api/v1/onboarding/tasks"), (.post, "/api/v1/onboarding/new-hires"), (.get, "/api/v1/onboarding/progress"),
                (.delete, "/api/v1/onboarding/tasks/\(sooner)"), (.put, "/api/v1/onboarding/settings"),
            ] {
                let response = try await client.api(method, path, token: company.ana, body: method == .get || method == .delete ? nil : ["text": "x"])
                #expect(response.status == .forbidden, "\(method) \(path)")
            }
            _ = try await patio.account("externo@test.patio")
            let outsider = try await client.api(
                .post, "/api/v1/onboarding/tasks", token: company.hr,
                body: ["text": "x", "dueDate": "2026-12-01", "assigneeEmail": "externo@test.patio"])
            #expect(try problem(outsider).code == "assignee_not_employee")
            let nobody = try await client.api(
                .post, "/api/v1/onboarding/tasks", token: company.hr,
                body: ["text": "x", "dueDate": "2026-12-01", "assigneeEmail": "nadie@test.patio"])
            #expect(try problem(nobody).errors?.map(\.field) == ["assigneeEmail"])
        }
    }

    @Test("welcome messages reach the new hire's own account; other employees cannot read them, HR can")
    func welcomeMessages() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let nuevo = try await hire(company, "Nicolás Vega", start: "2026-12-01", email: "Nuevo@Test.patio")
            let sent = try await client.created(
                "/api/v1/onboarding/new-hires/\(nuevo)/messages", token: company.ben, ["text": "¡Bienvenido al equipo!"])
            #expect(sent["authorName"] as? String == "Ben Ortiz")
            let empty = try await client.api(.post, "/api/v1/onboarding/new-hires/\(nuevo)/messages", token: company.ben, body: ["text": "   "])
            #expect(try problem(empty).errors?.map(\.field) == ["text"])
            _ = try await patio.account("nuevo@test.patio", name: "Nicolás Vega", roles: ["onboarding.employee"])
            let newcomer = try await patio.login("nuevo@test.patio", client: client)
            let inbox = try await client.fetch("/api/v1/onboarding/me/messages", token: newcomer)["items"] as! [[String: Any]]
            #expect(inbox.map { $0["text"] as? String } == ["¡Bienvenido al equipo!"])
            #expect((try await client.fetch("/api/v1/onboarding/me/messages", token: company.ana)["items"] as! [Any]).isEmpty)
            let nosy = try await client.api(.get, "/api/v1/onboarding/new-hires/\(nuevo)/messages", token: company.ana)
            #expect(nosy.status == .forbidden)
            #expect(try problem(nosy).code == "not_your_messages")
            #expect((try await client.fetch("/api/v1/onboarding/new-hires/\(nuevo)/messages", token: company.hr)["items"] as! [Any]).count == 1)
            // Removing the new hire removes the messages and unlinks tasks about them, which devices hear about.
            let task = try await client.created(
                "/api/v1/onboarding/tasks", token: company.hr,
                [
                    "text": "Mentorear a Nicolás", "dueDate": "2026-12-03",
                    "assigneeId": company.anaID.uuidString, "newHireId": nuevo,
                ])
            #expect(try await client.api(.delete, "/api/v1/onboarding/new-hires/\(nuevo)", token: company.hr).status == .noContent)
            #expect(try await client.api(.get, "/api/v1/onboarding/new-hires/\(nuevo)", token: company.ana).status == .notFound)
            let (changes, _) = try await company.pullAll(company.ana)
            #expect(changes.first { $0.id.uuidString.lowercased() == task["id"] as? String }?.data?["newHireId"] == .null)
        }
    }

    @Test("a new hire's photo: PNG, JPEG or WebP up to 2 MiB, recognised by its bytes, served with an ETag, removable back to initials")
    func avatar() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await hire(company, "Lucía Fernández", start: "2026-12-01")
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 500)
            func upload(_ bytes: [UInt8], token: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/v1/onboarding/new-hires/\(id)/avatar", method: .put,
                    headers: [.authorization: "Bearer \(token)", .contentType: "image/png"], body: ByteBuffer(bytes: bytes))
            }
            #expect(try await upload(png, token: company.ana).status == .forbidden)
            let disguised = try await upload(Array("<svg onload=alert(1)>".utf8), token: company.hr)
            #expect(disguised.status == .unsupportedMediaType)
            #expect(try problem(disguised).code == "image_format_unsupported")
            let huge = try await upload([0xFF, 0xD8, 0xFF] + Array(repeating: 0, count: 2 * 1024 * 1024), token: company.hr)
            #expect(huge.status == .contentTooLarge)
            let stored = try await upload(png, token: company.hr)
            #expect(stored.status == .ok)
            let url = try #require(try object(stored)["avatarUrl"] as? String)
            let photo = try await client.api(.get, url, token: company.ana)
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/png" && Array(buffer: photo.body) == png)
            let etag = try #require(photo.headers[.eTag])
            let again = try await client.api(.get, url, token: company.ana, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            let removed = try await client.api(.delete, "/api/v1/onboarding/new-hires/\(id)/avatar", token: company.hr)
            let initialsOnly = try object(removed)
            #expect(initialsOnly["avatarUrl"] == nil && initialsOnly["initials"] as? String == "LF")
            #expect(try await client.api(.get, url, token: company.ana).status == .notFound)
        }
    }

    @Test("progress counts each employee's done, total and overdue tasks by the company's today")
    func progress() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            patio.clock.set(Timestamp.parse("2026-12-10T18:00:00.000Z")!)  // 12:00 on 10 December in Mexico City
            let done = try await company.task("Hecha", due: "2026-12-01", for: company.anaID)
            _ = try await company.task("Vencida", due: "2026-12-09", for: company.anaID)
            _ = try await company.task("Hoy", due: "2026-12-10", for: company.anaID)
            _ = try await company.task("De Ben", due: "2026-12-20", for: company.benID)
            _ = try await client.api(.patch, "/api/v1/onboarding/tasks/\(done)", token: company.ana, body: ["isDone": true])
            let rows = try await client.fetch("/api/v1/onboarding/progress", token: company.hr)["items"] as! [[String: Any]]
            #expect(rows.map { $0["email"] as? String } == ["ana@test.patio", "ben@test.patio"])
            #expect(rows[0]["done"] as? Int == 1 && rows[0]["total"] as? Int == 3 && rows[0]["overdue"] as? Int == 1)
            #expect(rows[1]["done"] as? Int == 0 && rows[1]["total"] as? Int == 1 && rows[1]["overdue"] as? Int == 0)
        }
    }

    @Test("the demo seed makes HR, an employee with tasks due today, tomorrow and later, and this month's new hires, once")
    func demo() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await #require(patio.components.started["onboarding"]).seedDemo()
            try await #require(patio.components.started["onboarding"]).seedDemo()
            let employee = try await patio.login("nuevo@demo.patio", password: "demo-password", client: client)
            let tasks = try await client.fetch("/api/v1/onboarding/me/tasks", token: employee)["items"] as! [[String: Any]]
            #expect(tasks.count == 6)
            let thisMonth = try await client.fetch("/api/v1/onboarding/new-hires?month=current", token: employee)["items"] as! [[String: Any]]
            #expect(thisMonth.count >= 3)
            _ = try await patio.login("rrhh@demo.patio", password: "demo-password", client: client)
        }
    }
}
