import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// School services' page: each period with its capture windows, its groups and the button that closes it;
/// CSV imports pasted into a form; publishing and removing news, announcements and scholarships. Every
/// typed form posts to the page's own address, naming itself in `form` (docs/web-pages.md): done, the page
/// says so once; refused, it is shown again here (422) with the reasons and what was typed in that form.
extension CampusPageHandlers {
    static let assessmentKeys = ["partial1": "cam_p1", "partial2": "cam_p2", "partial3": "cam_p3", "extraordinary": "cam_ext", "final": "cam_final"]

    /// The typed forms on `/campus/admin`, each named by the `form` field it posts.
    enum AdminForm: String { case period, event, window, csv = "import", post, scholarship }

    func admin(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await adminPage(context)
    }

    /// `<option>`s for a `<select>`: `value` is what is posted (a code), `label` what staff read.
    static func options(_ pairs: [(value: String, label: String)], selected: String?) -> [[String: Any]] {
        pairs.map { ["value": $0.value, "label": $0.label, "selected": $0.value == selected] }
    }

    /// Study plans as staff know them: "Ingeniería en Sistemas Computacionales (ISC) · 2020", posting the plan's id.
    func planChoices(selected: String?) async throws -> [[String: Any]] {
        let careers = Dictionary(uniqueKeysWithValues: try await s.record.careers().map { ($0.id, $0) })
        return Self.options(
            try await s.record.plans().map { plan in
                let career = careers[plan.careerId]
                return (plan.id.uuidString, career.map { "\($0.name) (\($0.code)) · \(plan.code)" } ?? plan.code)
            }, selected: selected)
    }

    /// The page; `typed` is a refused form, shown again in its own form only.
    func adminPage(_ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let locale = context.locale
        let refused = typed.flatMap { AdminForm(rawValue: $0["form"] ?? "") }
        func values(_ form: AdminForm) -> [String: String] { refused == form ? typed?.values ?? [:] : [:] }
        func labelled(_ values: [String], _ key: (String) -> String) -> [(value: String, label: String)] {
            values.map { ($0, pages.text(key($0), context)) }
        }
        let time = { (date: Date) in PageFormat.dateTime(date, in: SchoolCalendar.zone, locale: locale) }
        var periods: [[String: Any]] = []
        for period in try await s.record.periods() {
            let groups = try await s.groups.list(GroupService.Filter(periodID: period.id))
            let windows = try await s.grades.windows(periodID: period.id)
            let events = try await s.record.calendar(periodID: period.id)
            let event = values(.event)["periodId"] == period.id.uuidString ? values(.event) : [:]
            let window = values(.window)["periodId"] == period.id.uuidString ? values(.window) : [:]
            periods.append([
                "events": events.map { event in
                    let dates =
                        event.startsOn == event.endsOn
                        ? PageFormat.date(event.startsOn, locale: locale)
                        : "\(PageFormat.date(event.startsOn, locale: locale)) – \(PageFormat.date(event.endsOn, locale: locale))"
                    return ["id": event.id.uuidString, "title": event.title, "dates": dates, "kind": pages.text("cam_event_\(event.kind)", context)]
                },
                "eventKinds": Self.options(labelled(RecordService.eventKinds) { "cam_event_\($0)" }, selected: event["kind"]),
                "event": event, "eventOpen": !event.isEmpty, "window": window,
                "id": period.id.uuidString, "code": period.code, "isClosed": period.isClosed,
                "dates": "\(PageFormat.shortDate(period.startsOn, locale: locale)) – \(PageFormat.shortDate(period.endsOn, locale: locale))",
                "windows": windows.map {
                    [
                        "name": pages.text(Self.assessmentKeys[$0.assessment] ?? $0.assessment, context), "opens": time($0.opensAt),
                        "closes": time($0.closesAt), "isOpen": $0.isOpen,
                    ]
                },
                "groups": groups.map {
                    [
                        "id": $0.id.uuidString, "code": $0.code, "subject": $0.subject.name, "teacher": $0.teacherName ?? "—",
                        "enrolled": $0.enrolled, "quota": $0.quota,
                    ]
                },
                "groupCount": groups.count,
                "assessments": Self.options(
                    Assessment.allCases.map { ($0.rawValue, pages.text(Self.assessmentKeys[$0.rawValue] ?? $0.rawValue, context)) },
                    selected: window["assessment"]),
            ])
        }
        let csv = values(.csv), post = values(.post), scholarship = values(.scholarship), period = values(.period)
        let posts = try await content.posts(kind: nil, school: nil).map {
            ["id": $0.id.uuidString, "title": $0.title, "kind": pages.text("cam_kind_\($0.kind)", context)]
        }
        let scholarships = try await content.scholarships(status: nil).map {
            ["id": $0.id.uuidString, "name": $0.name, "status": pages.text("cam_status_\($0.status)", context)]
        }
        return page(
            "campus_admin", "cam_admin",
            [
                "periods": periods, "hasPeriods": !periods.isEmpty, "posts": posts, "scholarships": scholarships,
                "period": period, "periodOpen": !period.isEmpty,
                "csv": csv, "plans": try await planChoices(selected: csv["planId"]),
                "importKinds": Self.options(
                    [
                        ("enrolments", pages.text("cam_import_enrolments", context)), ("subjects", pages.text("cam_import_subjects", context)),
                        ("groups", pages.text("cam_import_groups", context)),
                    ], selected: csv["kind"]),
                "post": post,
                "postKinds": Self.options(
                    [("announcement", pages.text("cam_announcement", context)), ("news", pages.text("cam_news", context))], selected: post["kind"]),
                "categories": Self.options(labelled(ContentService.categories) { "cam_cat_\($0)" }, selected: post["category"]),
                "importances": Self.options(["1", "2", "3"].map { ($0, $0) }, selected: post["importance"]),
                "scholarship": scholarship,
                "statuses": Self.options(labelled(ContentService.scholarshipStatuses) { "cam_status_\($0)" }, selected: scholarship["status"]),
                "periodicities": Self.options(labelled(ContentService.periodicities) { "cam_every_\($0)" }, selected: scholarship["periodicity"]),
                "benefits": Self.options(labelled(ContentService.benefitTypes) { "cam_benefit_\($0)" }, selected: scholarship["benefitType"]),
            ], context, problem: problem)
    }

    /// Every typed form on the page posts here, naming itself in `form`. Done, the page says so once;
    /// refused, it is shown again here with what was typed.
    func adminForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request, limit: CampusAPI.maxCSVBytes)
        let page = "/campus/admin"
        do {
            switch AdminForm(rawValue: form["form"] ?? "") {
            case .period:
                let period = try await s.record.createPeriod(
                    .init(code: form.text("code"), startsOn: form.text("startsOn"), endsOn: form.text("endsOn")))
                return redirect(to: page, notice: String(format: pages.text("cam_period_created", context), period.code))
            case .event:
                _ = try await s.record.createEvent(
                    .init(
                        periodId: form.uuid("periodId"), kind: form.text("kind"), title: form.text("title"),
                        startsOn: form.text("startsOn"), endsOn: form.text("endsOn")))
                return redirect(to: page, notice: pages.text("cam_published", context))
            case .window:
                guard let periodID = form.uuid("periodId") else { throw RecordService.periodNotFound }
                _ = try await s.grades.setWindow(
                    periodID: periodID,
                    .init(
                        assessment: form.text("assessment"), opensAt: Self.schoolInstant(form.text("opensAt")),
                        closesAt: Self.schoolInstant(form.text("closesAt"))))
                return redirect(to: page, notice: pages.text("cam_window_set", context))
            case .csv:
                let summary = try await importCSV(form)
                return redirect(to: page, notice: String(format: pages.text("cam_imported", context), summary.imported))
            case .post:
                _ = try await content.createPost(
                    .init(
                        kind: form.text("kind"), title: form.text("title"), body: form.text("body"),
                        category: form.text("category"), importance: form.text("importance").flatMap { Int($0) }))
                return redirect(to: page, notice: pages.text("cam_published", context))
            case .scholarship:
                try await publishScholarship(form, context)
                return redirect(to: page, notice: pages.text("cam_published", context))
            case nil:
                return redirect(to: page)
            }
        } catch let error as AppError where error.status.code < 500 {
            return try await adminPage(context, problem: error, typed: form)
        }
    }

    func removeEvent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await s.record.calendar().first(where: { $0.id == id })?.title else { return redirect(to: "/campus/admin") }
        return try await remove(title, request, context) { try await s.record.deleteEvent(id) }
    }

    /// Removing news, a scholarship or a calendar date cannot be undone: it asks first, naming it; then the
    /// page says it was removed (or why not).
    private func remove(_ title: String, _ request: Request, _ context: PatioRequestContext, _ work: () async throws -> Void) async throws -> Response
    {
        if let ask = pages.removal(try await FormBody.parse(request), request, context, name: title, back: "/campus/admin") { return ask }
        do {
            try await work()
            return redirect(to: "/campus/admin", notice: pages.text("cam_removed", context))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/campus/admin", alert: pages.message(error, context))
        }
    }

    /// `datetime-local` values are the school's wall-clock time.
    static func schoolInstant(_ text: String?) -> Date? {
        guard let text, text.count >= 16, let date = LocalDate(String(text.prefix(10))),
            let minutes = CampusText.minutes(String(text.dropFirst(11).prefix(5)))
        else { return nil }
        return SchoolCalendar.instant(date, minutes: minutes)
    }

    /// Closing cannot be undone, so it asks first with what it would do: the finals missing (those
    /// subjects never reach the kardex), the lines written, and how many days before its end the period
    /// would close. Only the confirmed form closes; then the page says what it did (Post/Redirect/Get).
    func closePeriod(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let id = try context.uuidParameter("id")
        let period = RecordService.view(try await s.record.period(id))
        guard !period.isClosed else { return redirect(to: "/campus/admin", alert: pages.message(GradeService.periodClosed, context)) }
        let preview = try await s.kardex.closingPreview(periodID: id)
        var consequences = [
            String(format: pages.text("cam_close_missing_finals", context), preview.withoutFinal),
            String(format: pages.text("cam_close_lines", context), preview.linesToWrite),
            pages.text("cam_close_no_more_capture", context),
        ]
        if let ends = LocalDate(period.endsOn), case let early = SchoolCalendar.today(s.clock).days(until: ends), early > 0 {
            consequences.insert(
                String(format: pages.text("cam_close_early", context), PageFormat.date(period.endsOn, locale: context.locale), early), at: 0)
        }
        if let ask = pages.confirmation(
            form, request, context, question: String(format: pages.text("cam_close_question", context), period.code),
            consequences: consequences, action: String(format: pages.text("cam_close_yes", context), period.code), back: "/campus/admin")
        {
            return ask
        }
        do {
            let summary = try await s.kardex.close(periodID: id)
            return redirect(
                to: "/campus/admin", notice: String(format: pages.text("cam_period_closed", context), summary.linesWritten, summary.withoutFinal))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/campus/admin", alert: pages.message(error, context))
        }
    }

    private func importCSV(_ form: FormBody) async throws -> CampusCSV.Summary {
        let text = form.text("csv") ?? ""
        switch form.text("kind") {
        case "subjects", "groups":
            guard let plan = form.uuid("planId") else { throw RecordService.planNotFound }
            return form.text("kind") == "subjects"
                ? try await s.csv.importSubjects(planID: plan, text) : try await s.csv.importGroups(planID: plan, text)
        default:
            return try await s.csv.importEnrolments(text)
        }
    }

    /// The amount is typed in pesos as the page writes them (`1,000`, `1000`, `$1,000.00`, `900.50`) and kept
    /// in centavos; an amount that reads as none is refused on its field, with the others' reasons.
    private func publishScholarship(_ form: FormBody, _ context: PatioRequestContext) async throws {
        let typed = form.text("amount")
        let amount = typed.flatMap { PageFormat.minorAmount($0, currency: "MXN", locale: context.locale) }
        do {
            _ = try await content.createScholarship(
                .init(
                    name: form.text("name"), description: form.text("description"), status: form.text("status"), amountMinor: amount ?? -1,
                    currency: "MXN", periodicity: form.text("periodicity"), benefitType: form.text("benefitType"), link: form.text("link")))
        } catch var error as AppError {
            // The form's field is `amount`, in pesos; the service names centavos.
            error.fieldErrors = error.fieldErrors.map { field in
                guard field.field == "amountMinor" else { return field }
                return typed != nil && amount == nil
                    ? FieldError(field: "amount", message: "Enter an amount such as 1,000.00.", code: "amount_format")
                    : FieldError(field: "amount", message: field.message, code: field.code)
            }
            throw error
        }
    }

    func removeScholarship(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await content.scholarships(status: nil).first(where: { $0.id == id })?.name else {
            return redirect(to: "/campus/admin")
        }
        return try await remove(title, request, context) { try await content.deleteScholarship(id) }
    }

    func removePost(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await content.posts(kind: nil, school: nil, limit: 500).first(where: { $0.id == id })?.title else {
            return redirect(to: "/campus/admin")
        }
        return try await remove(title, request, context) { try await content.deletePost(id) }
    }
}
