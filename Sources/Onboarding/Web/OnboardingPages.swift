import Foundation
import Hummingbird
import NIOCore
import PatioCore
import PatioPlatform
import PatioWeb

/// The onboarding pages: the employee's dashboard, the new hires, HR's page, and a two-step sign-in.
enum OnboardingPages {
    static func register(on routes: PatioRoutes, services: OnboardingServices, web: WebRenderer, sync: SyncService) {
        let pages = OnboardingPageHandlers(s: services, web: web, sync: sync)
        let member = Access.anyRole(OnboardingRoles.members), admin = Access.role(OnboardingRoles.admin)
        let worker = OfflineWorker(
            module: "onboarding", shell: ["/onboarding", "/onboarding/new-hires", "/static/patio.css", "/static/onboarding/offline.js"])
        routes.get("/onboarding/sw.js", .everyone) { _, _ in worker.response }
        routes.post("/onboarding/sync/tasks", member, pages.pushTasks)
        routes.get("/onboarding/signin", .everyone, pages.signinForm)
        routes.post("/onboarding/signin", .everyone, pages.signinEmail)
        routes.get("/onboarding", member, pages.dashboard)
        routes.post("/onboarding/tasks/{id}/done", member, pages.tick)
        routes.get("/onboarding/new-hires", member, pages.newHires)
        routes.post("/onboarding/new-hires", member, pages.sendWelcome)
        // The photo for pages (session cookie); apps use the API twin with their token.
        routes.get("/onboarding/new-hires/{id}/avatar", member) { request, context in
            try await services.newHires.avatar(try context.uuidParameter("id")).response(for: request)
        }
        routes.get("/onboarding/admin", admin, pages.adminPage)
        routes.post("/onboarding/admin", admin, pages.createOnAdminPage)
        routes.post("/onboarding/admin/tasks/{id}/delete", admin, pages.deleteTask)
        routes.post("/onboarding/admin/new-hires/{id}/photo", admin, pages.uploadPhoto)
        routes.post("/onboarding/admin/new-hires/{id}/photo/delete", admin, pages.removePhoto)
    }
}

struct OnboardingPageHandlers: Sendable {
    let s: OnboardingServices
    let pages: ModulePages
    let sync: SyncService
    static let accent = "#7c3aed"

    init(s: OnboardingServices, web: WebRenderer, sync: SyncService) {
        self.s = s
        self.sync = sync
        self.pages = ModulePages(web: web, strings: OnboardingStrings.all, accent: Self.accent) { context in
            ["isAdmin": context.principal?.has(role: OnboardingRoles.admin) ?? false]
        }
    }

    private func page(
        _ template: String, _ titleKey: String, _ data: [String: Any], _ context: PatioRequestContext,
        problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil
    ) -> Response {
        pages.page(template, title: text(titleKey, context), data, context: context, problem: problem, values: values, notice: notice)
    }

    private func text(_ key: String, _ context: PatioRequestContext) -> String { pages.text(key, context) }

    // MARK: Sign-in

    /// Step one asks only for the email; step two always follows, whether or not the email exists, so the
    /// page never tells anyone who works here.
    func signinForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        page("onboarding_signin", "onb_signin_title", [:], context)
    }

    func signinEmail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let email = form.text("email")?.lowercased() ?? ""
        guard !email.isEmpty else { return redirect(to: "/onboarding/signin") }
        return page("onboarding_signin", "onb_signin_title", ["email": email, "next": "/onboarding"], context)
    }

    // MARK: Employee

    func dashboard(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let today = try await s.settings.today()
        let tasks = try await s.tasks.mine(principal)
        let shown = tasks.filter { !$0.isDone || tasks.allSatisfy(\.isDone) }
        let hires = try await s.newHires.list(month: "current", sort: "earliest")
        let messages = try await s.messages.mine(principal)
        let versions = try await SyncFeed().versions(TaskService.collection, ids: shown.map(\.id), on: try s.database.reader)
        let allDone = !tasks.isEmpty && tasks.allSatisfy(\.isDone)
        return page(
            "onboarding_dashboard", "onb_dashboard",
            [
                "greeting": String(
                    format: text("onb_welcome_back", context), principal.name.split(separator: " ").first.map(String.init) ?? principal.name),
                "tasks": shown.map { task in
                    [
                        "id": task.id.uuidString, "text": task.text, "isDone": task.isDone,
                        "overdue": !task.isDone && task.dueDate < today.description,
                        "dueLabel": dueLabel(task.dueDate, today: today, context), "csrf": context.csrfToken, "version": versions[task.id] ?? 0,
                    ] as [String: Any]
                },
                "hasTasks": !tasks.isEmpty, "allDone": allDone,
                "undoTask": allDone ? (try await s.tasks.lastDone(principal)?.uuidString ?? "") : "",
                "hires": hireRows(Array(hires.prefix(8)), context),
                "hireCount": hires.count, "hasHiresThisMonth": !hires.isEmpty,
                "messages": messages.map { ["authorName": $0.authorName, "text": $0.text] }, "hasMessages": !messages.isEmpty,
            ], context)
    }

    private func dueLabel(_ due: String, today: LocalDate, _ context: PatioRequestContext) -> String {
        if due == today.description { return text("onb_today", context) }
        if due == today.adding(days: 1).description { return text("onb_tomorrow", context) }
        if due < today.description { return "\(text("onb_overdue", context)) · \(PageFormat.date(due, locale: context.locale))" }
        return PageFormat.date(due, locale: context.locale)
    }

    /// The page's own push (session cookie and CSRF token, the sync API's rules): `payload` holds the same JSON
    /// as `POST /api/v1/sync/onboarding.tasks/mutations`.
    func pushTasks(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let push = try JSONBody.decodeJSON(SyncService.PushRequest.self, from: Data((form["payload"] ?? "").utf8))
        return try .json(try await sync.push(TaskService.collection, principal: try context.requirePrincipal(), request: push))
    }

    func tick(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        _ = try await s.tasks.setDone(try context.uuidParameter("id"), form.text("isDone") == "true", by: try context.requirePrincipal())
        return redirect(to: "/onboarding")
    }

    func newHires(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await newHiresPage(request, context)
    }

    /// The new hires in the order the address asks for; a refused welcome is shown again in its new hire's
    /// form with what was typed.
    private func newHiresPage(_ request: Request, _ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws
        -> Response
    {
        let sort = request.uri.queryParameters["sort"].map(String.init) == "latest" ? "latest" : "earliest"
        let hires = try await s.newHires.list(month: nil, sort: sort)
        return page(
            "onboarding_new_hires", "onb_new_hires",
            [
                "hires": hireRows(hires, context).map { row in
                    guard let typed, typed["newHire"] == row["id"] as? String else { return row }
                    return row.merging(["typedText": typed["text"] ?? ""]) { _, new in new }
                },
                "hasHires": !hires.isEmpty, "earliest": sort == "earliest", "sort": sort,
            ], context, problem: problem)
    }

    /// Each new hire's welcome form posts here, the page's own address, naming the new hire; sent, the page
    /// says so, refused, it is shown again here with what was typed.
    func sendWelcome(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            guard let hire = form.uuid("newHire") else { throw AppError.notFound(code: "new_hire_not_found", "No new hire has this id.") }
            _ = try await s.messages.send(to: hire, text: form.text("text"), from: try context.requirePrincipal())
            return redirect(to: "/onboarding/new-hires" + (request.uri.query.map { "?" + $0 } ?? ""), notice: text("onb_message_sent", context))
        } catch let error as AppError where error.status.code < 500 {
            return try await newHiresPage(request, context, problem: error, typed: form)
        }
    }

    private func hireRows(_ hires: [NewHireService.View], _ context: PatioRequestContext) -> [[String: Any]] {
        hires.map { hire in
            var row: [String: Any] = [
                "id": hire.id.uuidString, "name": hire.name, "initials": hire.initials,
                "startDate": PageFormat.date(hire.startDate, locale: context.locale),
                "team": hire.team, "role": hire.role, "csrf": context.csrfToken,
            ]
            // Absent, not empty: the template falls back to initials.
            if hire.avatarUrl != nil { row["photo"] = "/onboarding/new-hires/\(hire.id.uuidString)/avatar" }
            return row
        }
    }

    // MARK: HR

    func adminPage(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await adminPage(context)
    }

    private func adminPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:]) async throws -> Response {
        let today = try await s.settings.today().description
        let progress = try await s.progress.rows()
        let names = Dictionary(progress.map { ($0.accountId, $0.name) }, uniquingKeysWith: { first, _ in first })
        let tasks = try await s.tasks.list(assignee: nil)
        let hires = try await s.newHires.list(month: nil, sort: "latest")
        return page(
            "onboarding_admin", "onb_admin",
            [
                "hires": hireRows(hires, context), "hasHires": !hires.isEmpty,
                "progress": progress.map { row in
                    [
                        "name": row.name, "email": row.email, "done": row.done, "total": row.total, "hasOverdue": row.overdue > 0,
                        "summary": String(format: text("onb_progress_summary", context), row.done, row.total),
                        "overdueText": String(format: text(row.overdue == 1 ? "onb_overdue_one" : "onb_overdue_many", context), row.overdue),
                    ] as [String: Any]
                },
                "hasProgress": !progress.isEmpty,
                "tasks": tasks.map {
                    [
                        "id": $0.id.uuidString, "text": $0.text, "dueDate": PageFormat.date($0.dueDate, locale: context.locale), "isDone": $0.isDone,
                        "assignee": names[$0.assigneeId] ?? "",
                        "overdue": !$0.isDone && $0.dueDate < today, "csrf": context.csrfToken,
                    ] as [String: Any]
                },
            ], context, problem: problem, values: values)
    }

    /// HR's page's two forms post here, its own address, naming themselves in `form`: a new task
    /// (`form=task`) or a new hire (`form=newHire`). Done, the page says so; refused, it is shown again here
    /// with what was typed.
    func createOnAdminPage(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            if form["form"] == "task" {
                _ = try await s.tasks.create(.init(text: form.text("text"), dueDate: form.text("dueDate"), assigneeEmail: form.text("assigneeEmail")))
                return redirect(to: "/onboarding/admin", notice: text("onb_task_created", context))
            }
            _ = try await s.newHires.create(
                .init(
                    name: form.text("name"), startDate: form.text("startDate"), team: form.text("team"),
                    role: form.text("role"), email: form.text("email")))
            return redirect(to: "/onboarding/admin", notice: text("onb_new_hire_created", context))
        } catch let error as AppError where error.status.code < 500 {
            return try await adminPage(context, problem: error, values: form.values)
        }
    }

    /// The photo itself as the body, posted by `onboarding-admin.js` with the CSRF token in a header.
    func uploadPhoto(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await answeringInJSON {
            let bytes = try await JSONBody.collect(request, limit: BlobStore.maxBytes)
            return try .json(try await s.newHires.setAvatar(try context.uuidParameter("id"), bytes: Array(buffer: bytes)))
        }
    }

    /// Removing a photo or a task cannot be undone: it asks first, naming it (docs/web-pages.md).
    func removePhoto(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let hire = try await s.newHires.find(id)
        if let ask = pages.removal(
            try await FormBody.parse(request), request, context, name: String(format: text("onb_photo_of", context), hire.name),
            back: "/onboarding/admin")
        {
            return ask
        }
        _ = try await s.newHires.removeAvatar(id)
        return redirect(to: "/onboarding/admin", notice: text("onb_removed", context))
    }

    func deleteTask(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let task = try await s.tasks.list(assignee: nil).first(where: { $0.id == id }) else { return redirect(to: "/onboarding/admin") }
        if let ask = pages.removal(try await FormBody.parse(request), request, context, name: task.text, back: "/onboarding/admin") { return ask }
        do { try await s.tasks.delete(id) } catch let error as AppError where error.status == .notFound {}
        return redirect(to: "/onboarding/admin", notice: text("onb_removed", context))
    }

}
