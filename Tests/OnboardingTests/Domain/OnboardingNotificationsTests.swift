import Foundation
import HummingbirdTesting
import PatioCore
import PatioWeb
import Testing

/// What reaches an inbox from Onboarding, read as its reader reads it (`GET /api/v1/notifications`).
extension Company {
    /// The notifications of `kind` in the inbox of the account signed in with `token`, newest first.
    func inbox(_ token: String, kind: String) async throws -> [[String: Any]] {
        let items = try #require(try await client.fetch("/api/v1/notifications", token: token)["items"] as? [[String: Any]])
        return items.filter { $0["kind"] as? String == kind }
    }

    /// Runs the due-tomorrow reminders as Patio's timer would, at the test clock's now.
    func runReminders() async throws {
        let jobs = try #require(patio.components.started["onboarding"]).periodicJobs()
        let job = try #require(jobs.first { $0.name == "onboarding.task-due-reminders" })
        try await job.run()
    }

    /// HR's edit of a task; requires 200.
    func edit(_ task: UUID, _ body: [String: Any]) async throws {
        let response = try await client.api(.put, "/api/v1/onboarding/tasks/\(task)", token: hr, body: body)
        try #require(response.status == .ok, "PUT answered \(response.status): \(String(buffer: response.body))")
    }

    /// A new hire created by HR; returns its id.
    func hire(_ name: String, email: String? = nil) async throws -> String {
        var body: [String: Any] = ["name": name, "startDate": "2026-12-07", "team": "Producto", "role": "Diseño"]
        if let email { body["email"] = email }
        return try #require(try await client.created("/api/v1/onboarding/new-hires", token: hr, body)["id"] as? String)
    }

    func welcome(_ hire: String, _ text: String, from token: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/onboarding/new-hires/\(hire)/messages", token: token, body: ["text": text])
    }
}

@Suite("Onboarding notifications: tasks due tomorrow and welcome messages reach the people concerned")
struct OnboardingNotificationsTests {
    static let dueTomorrow = "onboarding.task_due_tomorrow"
    static let welcome = "onboarding.welcome_message"

    /// An instant on the company's wall clock in Mexico City (UTC−6 all year), the default time zone.
    static func mexico(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text + "-06:00"))
    }

    @Test("an undone task due tomorrow reminds its assignee once, however many runs (at once, too); later and done tasks wait or never")
    func dueTomorrow() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            patio.clock.set(try Self.mexico("2026-11-30T12:00:00"))
            let company = try await Company.make(patio, client)
            try await company.task("Firmar el contrato", due: "2026-12-01", for: company.anaID)
            try await company.task("Curso de seguridad", due: "2026-12-02", for: company.anaID)
            let done = try await company.task("Enviar la foto", due: "2026-12-01", for: company.anaID)
            try await company.task("Pedir la laptop", due: "2026-12-01", for: company.benID)
            #expect(try await client.api(.patch, "/api/v1/onboarding/tasks/\(done)", token: company.ana, body: ["isDone": true]).status == .ok)
            // Creating each task told its assignee, in the kind of its own.
            #expect(try await company.inbox(company.ana, kind: "onboarding.task_assigned").count == 3)
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).isEmpty)

            // Two runs at once (two instances) and a later run send one reminder per task.
            async let first: Void = company.runReminders()
            async let second: Void = company.runReminders()
            _ = try await (first, second)
            try await company.runReminders()
            let items = try await company.inbox(company.ana, kind: Self.dueTomorrow)
            #expect(items.count == 1)
            let item = try #require(items.first)
            let tuesday = PageFormat.date("2026-12-01", locale: .es)
            #expect(item["title"] as? String == "Tarea para mañana")
            #expect(item["body"] as? String == "Firmar el contrato · para el \(tuesday)")
            #expect(item["link"] as? String == "/onboarding")
            // Ben hears of his own task only; HR of none.
            let bens = try await company.inbox(company.ben, kind: Self.dueTomorrow)
            #expect(bens.map { $0["body"] as? String } == ["Pedir la laptop · para el \(tuesday)"])
            #expect(try await company.inbox(company.hr, kind: Self.dueTomorrow).isEmpty)

            // In Ana's language once she chooses English.
            #expect(try await client.api(.patch, "/api/v1/me", token: company.ana, body: ["locale": "en"]).status == .ok)
            let english = try #require(try await company.inbox(company.ana, kind: Self.dueTomorrow).first)
            #expect(english["title"] as? String == "Task due tomorrow")
            #expect(english["body"] as? String == "Firmar el contrato · due \(PageFormat.date("2026-12-01", locale: .en))")

            // A day later the course is due tomorrow; the contract, due today, is not reminded again, and the photo,
            // done before its reminder, never is.
            patio.clock.advance(by: 86_400)
            try await company.runReminders()
            try await company.runReminders()
            let later = try await company.inbox(company.ana, kind: Self.dueTomorrow).compactMap { $0["body"] as? String }
            #expect(later == ["Curso de seguridad · due \(PageFormat.date("2026-12-02", locale: .en))", english["body"] as? String])
            patio.clock.advance(by: 86_400)
            try await company.runReminders()
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).count == 2)
            #expect(try await company.inbox(company.ben, kind: Self.dueTomorrow).count == 1)
        }
    }

    @Test("a new due date, or a new assignee, is reminded again; other edits and ticking off and on again are not")
    func dueDateChanged() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            patio.clock.set(try Self.mexico("2026-11-30T12:00:00"))
            let company = try await Company.make(patio, client)
            let contract = try await company.task("Firmar el contrato", due: "2026-12-01", for: company.anaID)
            let laptop = try await company.task("Pedir la laptop", due: "2026-12-01", for: company.anaID)
            try await company.runReminders()
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).count == 2)

            // New words, ticking off and on again: the same day, already reminded.
            try await company.edit(contract, ["text": "Firmar el contrato y el aviso"])
            #expect(try await client.api(.patch, "/api/v1/onboarding/tasks/\(contract)", token: company.ana, body: ["isDone": true]).status == .ok)
            #expect(try await client.api(.patch, "/api/v1/onboarding/tasks/\(contract)", token: company.ana, body: ["isDone": false]).status == .ok)
            try await company.runReminders()
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).count == 2)

            // Moved to Thursday: nothing while Thursday is two days off, one reminder the day before.
            try await company.edit(contract, ["dueDate": "2026-12-03"])
            try await company.runReminders()
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).count == 2)

            // The laptop goes to Ben: he is reminded of it (after being told it is his); Ana is not again.
            try await company.edit(laptop, ["assigneeId": company.benID.uuidString])
            #expect(try await company.inbox(company.ben, kind: "onboarding.task_assigned").count == 1)
            try await company.runReminders()
            #expect(try await company.inbox(company.ben, kind: Self.dueTomorrow).count == 1)
            #expect(try await company.inbox(company.ana, kind: Self.dueTomorrow).count == 2)

            patio.clock.advance(by: 2 * 86_400)
            try await company.runReminders()
            let items = try await company.inbox(company.ana, kind: Self.dueTomorrow)
            #expect(items.count == 3)
            #expect(items.first?["body"] as? String == "Firmar el contrato y el aviso · para el \(PageFormat.date("2026-12-03", locale: .es))")
        }
    }

    @Test("tomorrow is the company's, and its reminders wait for the company's 9:00")
    func companyTimeZone() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            // Monday 23:30 in Mexico City is already Tuesday 05:30 in UTC.
            patio.clock.set(try Self.mexico("2026-11-30T23:30:00"))
            let company = try await Company.make(patio, client)
            try await company.task("Firmar el contrato", due: "2026-12-01", for: company.anaID)
            try await company.task("Curso de seguridad", due: "2026-12-02", for: company.anaID)
            try await company.runReminders()
            let bodies = { try await company.inbox(company.ana, kind: Self.dueTomorrow).compactMap { $0["body"] as? String } }
            #expect(try await bodies() == ["Firmar el contrato · para el \(PageFormat.date("2026-12-01", locale: .es))"])

            // After midnight the course is due tomorrow, but nobody is woken for it: it waits for 9:00.
            patio.clock.advance(by: 3600)
            try await company.runReminders()
            patio.clock.set(try Self.mexico("2026-12-01T08:59:00"))
            try await company.runReminders()
            #expect(try await bodies().count == 1)
            patio.clock.set(try Self.mexico("2026-12-01T09:00:00"))
            try await company.runReminders()
            #expect(try await bodies().first == "Curso de seguridad · para el \(PageFormat.date("2026-12-02", locale: .es))")

            // In Tokyo it is Wednesday 09:30 while UTC is still at Wednesday 00:30: Thursday's task is due tomorrow.
            let settings = try await client.api(
                .put, "/api/v1/onboarding/settings", token: company.hr, body: ["companyName": "Patio", "timeZone": "Asia/Tokyo"])
            #expect(settings.status == .ok)
            try await company.task("Conocer al mentor", due: "2026-12-03", for: company.anaID)
            patio.clock.set(try #require(ISO8601DateFormatter().date(from: "2026-12-02T09:30:00+09:00")))
            try await company.runReminders()
            #expect(try await bodies().count == 3)
            #expect(try await bodies().first == "Conocer al mentor · para el \(PageFormat.date("2026-12-03", locale: .es))")
        }
    }

    @Test("a welcome message tells the new hire with an account who wrote what; without an account, or refused, nobody hears")
    func welcomeMessage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            _ = try await patio.account("nuevo@test.patio", name: "Nicolás Vega", roles: ["onboarding.employee"])
            let nicolas = try await patio.login("nuevo@test.patio", client: client)
            let nuevo = try await company.hire("Nicolás Vega", email: "Nuevo@Test.patio")

            #expect(try await company.welcome(nuevo, "  ¡Bienvenido al equipo!  ", from: company.ben).status == .created)
            let items = try await company.inbox(nicolas, kind: Self.welcome)
            #expect(items.count == 1)
            let item = try #require(items.first)
            #expect(item["title"] as? String == "Mensaje de bienvenida")
            #expect(item["body"] as? String == "Ben Ortiz: ¡Bienvenido al equipo!")
            #expect(item["link"] as? String == "/onboarding")
            #expect(try await client.api(.patch, "/api/v1/me", token: nicolas, body: ["locale": "en"]).status == .ok)
            #expect(try await company.inbox(nicolas, kind: Self.welcome).first?["title"] as? String == "Welcome message")

            // A minute later, a long message is cut short, on one line; the new hire reads all of it on the dashboard.
            patio.clock.advance(by: 60)
            let long = "Hola Nicolás:\n\n" + String(repeating: "Qué gusto tenerte con nosotros. ", count: 10)
            #expect(try await company.welcome(nuevo, long, from: company.ana).status == .created)
            let body = try #require(try await company.inbox(nicolas, kind: Self.welcome).first?["body"] as? String)
            #expect(body.count <= 120)
            #expect(body.hasPrefix("Ana Torres: Hola Nicolás: Qué gusto tenerte con nosotros."))
            #expect(body.hasSuffix("…"))

            // Refused (empty) or to nobody (an unknown new hire): nothing is sent.
            let empty = try await company.welcome(nuevo, "   ", from: company.ben)
            #expect(try problem(empty).errors?.map(\.field) == ["text"])
            #expect(try await company.welcome(UUID().uuidString, "Hola", from: company.ben).status == .notFound)
            #expect(try await company.inbox(nicolas, kind: Self.welcome).count == 2)

            // Nobody is told of what they wrote themselves, and the authors and HR hear of nothing.
            #expect(try await company.welcome(nuevo, "Gracias a todos", from: nicolas).status == .created)
            #expect(try await company.inbox(nicolas, kind: Self.welcome).count == 2)
            for token in [company.ana, company.ben, company.hr] {
                #expect(try await company.inbox(token, kind: Self.welcome).isEmpty)
            }

            // A new hire without an email, or whose email has no account yet, gets the message and no notification;
            // the account made later finds the message waiting, not a notification.
            let lucia = try await company.hire("Lucía Fernández")
            #expect(try await company.welcome(lucia, "¡Bienvenida!", from: company.ben).status == .created)
            let omar = try await company.hire("Omar Castillo", email: "omar@test.patio")
            #expect(try await company.welcome(omar, "¡Bienvenido, Omar!", from: company.ben).status == .created)
            _ = try await patio.account("omar@test.patio", name: "Omar Castillo", roles: ["onboarding.employee"])
            let omarToken = try await patio.login("omar@test.patio", client: client)
            #expect(try await client.fetch("/api/v1/notifications", token: omarToken)["unreadCount"] as? Int == 0)
            let waiting = try #require(try await client.fetch("/api/v1/onboarding/me/messages", token: omarToken)["items"] as? [[String: Any]])
            #expect(waiting.map { $0["text"] as? String } == ["¡Bienvenido, Omar!"])
            for token in [nicolas, company.ana, company.ben, company.hr] {
                #expect(try await company.inbox(token, kind: Self.welcome).count == (token == nicolas ? 2 : 0))
            }
        }
    }
}
