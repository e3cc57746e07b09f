import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// School services' page: each period with its capture windows, its groups and the button that closes it;
/// CSV imports pasted into a form; publishing and removing news and announcements. Every form answers the
/// same page again, with a notice or the refusal's messages.
extension CampusPageHandlers {
    static let assessmentKeys = ["partial1": "cam_p1", "partial2": "cam_p2", "partial3": "cam_p3", "extraordinary": "cam_ext", "final": "cam_final"]

    func admin(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await adminPage(context)
    }

    func adminPage(_ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil) async throws -> Response {
        let locale = context.locale
        let time = { (date: Date) in PageFormat.dateTime(date, in: SchoolCalendar.zone, locale: locale) }
        var periods: [[String: Any]] = []
        for period in try await s.record.periods() {
            let groups = try await s.groups.list(GroupService.Filter(periodID: period.id))
            let windows = try await s.grades.windows(periodID: period.id)
            let events = try await s.record.calendar(periodID: period.id)
            periods.append([
                "events": events.map { event in
                    let dates = event.startsOn == event.endsOn ? PageFormat.date(event.startsOn, locale: locale)
                        : "\(PageFormat.date(event.startsOn, locale: locale)) – \(PageFormat.date(event.endsOn, locale: locale))"
                    return ["id": event.id.uuidString, "title": event.title, "dates": dates, "kind": pages.text("cam_event_\(event.kind)", context)]
                },
                "eventKinds": RecordService.eventKinds.map { ["value": $0, "label": pages.text("cam_event_\($0)", context)] },
                "id": period.id.uuidString, "code": period.code, "isClosed": period.isClosed,
                "dates": "\(PageFormat.shortDate(period.startsOn, locale: locale)) – \(PageFormat.shortDate(period.endsOn, locale: locale))",
                "windows": windows.map { ["name": pages.text(Self.assessmentKeys[$0.assessment] ?? $0.assessment, context), "opens": time($0.opensAt), "closes": time($0.closesAt), "isOpen": $0.isOpen] },
                "groups": groups.map { ["id": $0.id.uuidString, "code": $0.code, "subject": $0.subject.name, "teacher": $0.teacherName ?? "—", "enrolled": $0.enrolled, "quota": $0.quota] },
                "groupCount": groups.count,
                "assessments": Assessment.allCases.map { ["value": $0.rawValue, "label": pages.text(Self.assessmentKeys[$0.rawValue] ?? $0.rawValue, context)] },
            ])
        }
        let careers = Dictionary(uniqueKeysWithValues: try await s.record.careers().map { ($0.id, $0.code) })
        let plans = try await s.record.plans().map { ["id": $0.id.uuidString, "name": "\(careers[$0.careerId] ?? "") \($0.code)"] }
        let posts = try await content.posts(kind: nil, school: nil).map { ["id": $0.id.uuidString, "title": $0.title, "kind": pages.text("cam_kind_\($0.kind)", context)] }
        let scholarships = try await content.scholarships(status: nil).map { ["id": $0.id.uuidString, "name": $0.name, "status": pages.text("cam_status_\($0.status)", context)] }
        return page("campus_admin", "cam_admin", ["periods": periods, "hasPeriods": !periods.isEmpty, "plans": plans, "posts": posts, "scholarships": scholarships],
                    context, problem: problem, notice: notice)
    }

    func createPeriod(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let period = try await s.record.createPeriod(.init(code: form.text("code"), startsOn: form.text("startsOn"), endsOn: form.text("endsOn")))
            return redirect(to: "/campus/admin", notice: String(format: pages.text("cam_period_created", context), period.code))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
    }

    func addEvent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.record.createEvent(.init(periodId: form.text("periodId").flatMap(UUID.init(uuidString:)), kind: form.text("kind"), title: form.text("title"),
                                                     startsOn: form.text("startsOn"), endsOn: form.text("endsOn")))
            return redirect(to: "/campus/admin", notice: pages.text("cam_published", context))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
    }

    func removeEvent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await s.record.calendar().first(where: { $0.id == id })?.title else { return redirect(to: "/campus/admin") }
        return try await remove(title, request, context) { try await s.record.deleteEvent(id) }
    }

    /// Removing news, a scholarship or a calendar date cannot be undone: it asks first, naming it; then the
    /// page says it was removed (or why not).
    private func remove(_ title: String, _ request: Request, _ context: PatioRequestContext, _ work: () async throws -> Void) async throws -> Response {
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
        guard let text, text.count >= 16, let date = LocalDate(String(text.prefix(10))), let minutes = CampusText.minutes(String(text.dropFirst(11).prefix(5))) else { return nil }
        return SchoolCalendar.instant(date, minutes: minutes)
    }

    func setWindow(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.grades.setWindow(periodID: try context.uuidParameter("id"), .init(assessment: form.text("assessment"), opensAt: Self.schoolInstant(form.text("opensAt")),
                                                                                              closesAt: Self.schoolInstant(form.text("closesAt"))))
            return redirect(to: "/campus/admin", notice: pages.text("cam_window_set", context))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
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
        var consequences = [String(format: pages.text("cam_close_missing_finals", context), preview.withoutFinal),
                            String(format: pages.text("cam_close_lines", context), preview.linesToWrite),
                            pages.text("cam_close_no_more_capture", context)]
        if let ends = LocalDate(period.endsOn), case let early = SchoolCalendar.today(s.clock).days(until: ends), early > 0 {
            consequences.insert(String(format: pages.text("cam_close_early", context), PageFormat.date(period.endsOn, locale: context.locale), early), at: 0)
        }
        if let ask = pages.confirmation(form, request, context, question: String(format: pages.text("cam_close_question", context), period.code),
                                        consequences: consequences, action: String(format: pages.text("cam_close_yes", context), period.code), back: "/campus/admin") {
            return ask
        }
        do {
            let summary = try await s.kardex.close(periodID: id)
            return redirect(to: "/campus/admin", notice: String(format: pages.text("cam_period_closed", context), summary.linesWritten, summary.withoutFinal))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/campus/admin", alert: pages.message(error, context))
        }
    }

    func importCSV(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request, limit: CampusAPI.maxCSVBytes)
        let csv = s.csv
        let text = form.text("csv") ?? ""
        do {
            let summary: CampusCSV.Summary
            switch form.text("kind") {
            case "subjects", "groups":
                guard let plan = form.text("planId").flatMap(UUID.init(uuidString:)) else { throw RecordService.planNotFound }
                summary = form.text("kind") == "subjects" ? try await csv.importSubjects(planID: plan, text) : try await csv.importGroups(planID: plan, text)
            default:
                summary = try await csv.importEnrolments(text)
            }
            return redirect(to: "/campus/admin", notice: String(format: pages.text("cam_imported", context), summary.imported))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
    }

    func publish(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await content.createPost(.init(kind: form.text("kind"), title: form.text("title"), body: form.text("body"),
                                                   category: form.text("category"), importance: form.text("importance").flatMap { Int($0) }))
            return redirect(to: "/campus/admin", notice: pages.text("cam_published", context))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
    }

    /// The amount is typed in pesos (`900`, `900.50`) and kept in centavos.
    func publishScholarship(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let amount = form.text("amount").flatMap { Decimal(string: $0.replacingOccurrences(of: ",", with: ".")) }
            .flatMap { value -> Int? in value >= 0 && value < 1_000_000 ? NSDecimalNumber(decimal: value * 100).intValue : nil }
        do {
            _ = try await content.createScholarship(.init(name: form.text("name"), description: form.text("description"), status: form.text("status"), amountMinor: amount ?? -1,
                                                          currency: "MXN", periodicity: form.text("periodicity"), benefitType: form.text("benefitType"), link: form.text("link")))
            return redirect(to: "/campus/admin", notice: pages.text("cam_published", context))
        } catch let error as AppError {
            return try await adminPage(context, problem: error)
        }
    }

    func removeScholarship(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await content.scholarships(status: nil).first(where: { $0.id == id })?.name else { return redirect(to: "/campus/admin") }
        return try await remove(title, request, context) { try await content.deleteScholarship(id) }
    }

    func removePost(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        guard let title = try await content.posts(kind: nil, school: nil, limit: 500).first(where: { $0.id == id })?.title else { return redirect(to: "/campus/admin") }
        return try await remove(title, request, context) { try await content.deletePost(id) }
    }
}
