import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb
import SAESConnector

/// `/campus/saes`: the student links their SAES account by typing the CAPTCHA SAES shows, then sees what
/// Patio read from it, with how each page's last reading went.
extension CampusPageHandlers {
    func saes(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await saesPage(context)
    }

    /// Chosen school → SAES's CAPTCHA (also "another image" and signing in again after SAES ended a session).
    /// A refusal (SAES down, too many tries) shows the form again with the school chosen.
    func saesChallenge(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.saesLinks.begin(accountID: try context.requirePrincipal().accountID, .init(school: form.text("school")))
            return try await saesPage(context)
        } catch let error as AppError {
            return try await saesPage(context, problem: error, school: form.text("school"))
        }
    }

    func saesLink(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let accountID = try context.requirePrincipal().accountID
        do {
            _ = try await s.saesLinks.complete(
                accountID: accountID,
                .init(
                    boleta: form.text("boleta"), password: form.text("password"), captcha: form.text("captcha"),
                    keepPassword: form.text("keepPassword") == "on"
                ))
            _ = try? await s.saesSync.sync(accountID: accountID)
            return try await saesPage(context, notice: pages.text("cam_saes_linked", context))
        } catch let error as AppError {
            // The form comes back as typed, except the password.
            return try await saesPage(context, problem: error, typed: (form.text("boleta") ?? "", form.text("keepPassword") == "on"))
        }
    }

    func saesSync(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        _ = try await FormBody.parse(request)
        do {
            let changed = try await s.saesSync.sync(accountID: try context.requirePrincipal().accountID)
            return try await saesPage(context, notice: pages.text(changed == 0 ? "cam_saes_nothing_new" : "cam_saes_synced", context))
        } catch let error as AppError {
            return try await saesPage(context, problem: error)
        }
    }

    /// Unlinking erases what Patio read and the saved password: it asks first, saying when SAES was last read.
    func saesUnlink(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let accountID = try context.requirePrincipal().accountID
        let lastRead =
            try await s.saesRecord.link(accountID: accountID).flatMap(\.syncedAt)
            .map { PageFormat.dateTime($0, in: SchoolCalendar.zone, locale: context.locale) } ?? pages.text("cam_saes_never", context)
        if let ask = pages.confirmation(
            form, request, context, question: pages.text("cam_saes_unlink_question", context),
            consequences: [String(format: pages.text("cam_saes_unlink_erases", context), lastRead), pages.text("cam_saes_unlink_school", context)],
            action: pages.text("cam_saes_unlink_yes", context), back: "/campus/saes")
        {
            return ask
        }
        do {
            try await s.saesLinks.unlink(accountID: accountID)
            return redirect(to: "/campus/saes", notice: pages.text("cam_saes_unlinked", context))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/campus/saes", alert: pages.message(error, context))
        }
    }

    /// SAES's own course availability, searched live with the student's session; refusals (an ended session,
    /// SAES down) are shown on the page with the way back.
    func saesAvailability(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let typed = request.pageQuery
        let query = SAESAvailabilityService.Query { typed[$0] }
        var data: [String: Any] = ["next": query.period == "next"]
        do {
            let found = try await s.saesAvailability.search(accountID: try context.requirePrincipal().accountID, query)
            data["filters"] = found.filters.map { filter in
                [
                    "name": filter.name, "label": pages.text("cam_saes_filter_\(filter.name)", context),
                    "options": filter.options.map { ["value": $0.value, "label": $0.label, "selected": $0.selected] },
                ]
            }
            data["searched"] = found.searched
            data["hasGroups"] = !found.groups.isEmpty
            data["groups"] = found.groups.map { group -> [String: Any] in
                [
                    "group": group.group, "subject": group.subject, "teacher": group.teacher,
                    "room": [group.building, group.room].filter { !$0.isEmpty }.joined(separator: "-"),
                    "times": group.times.enumerated().compactMap { day, time in
                        time.isEmpty ? nil : ["day": pages.text("cam_day_\(day + 1)", context), "time": time]
                    },
                ]
            }
            data["problems"] = found.problems
            data["hasProblems"] = !found.problems.isEmpty
            data["hasFilters"] = true
            return page("campus_saes_availability", "cam_saes_availability", data, context)
        } catch let error as AppError {
            return page("campus_saes_availability", "cam_saes_availability", data, context, problem: error)
        }
    }

    /// `typed`: what the student typed in a refused sign-in (never the password: the browser may fill it in
    /// again, Patio does not echo it), shown again in the form; `school`: the school chosen in a refused request
    /// for the CAPTCHA.
    private func saesPage(
        _ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil,
        typed: (boleta: String, keepPassword: Bool)? = nil, school: String? = nil
    ) async throws -> Response {
        let accountID = try context.requirePrincipal().accountID
        let link = try await s.saesRecord.link(accountID: accountID)
        let chosen = school ?? link?.school
        var data: [String: Any] = [
            "schools": SAESSchool.all.map { ["code": $0.code, "name": $0.name, "selected": $0.code == chosen] }
        ]
        if let link, link.status == "pending" || link.status == "session_ended",
            let challenge = try? await s.saesLinks.challenge(accountID: accountID)
        {
            data["challenge"] = [
                "image": challenge.captchaImage, "school": challenge.schoolName, "schoolCode": challenge.school,
                "boleta": typed?.boleta ?? link.boleta ?? "", "keepPassword": typed?.keepPassword ?? false,
                "passwordKept": challenge.passwordKept,
            ]
        }
        if let link, link.linkedAt != nil {
            let record = try await s.saesRecord.record(accountID: accountID)
            data["link"] = saesLinkData(link, context)
            data["grades"] = (record.grades?.rows ?? []).map { row in
                // Each cell carries its column's name, which a phone shows beside it instead of the header row.
                [
                    "group": row.group, "subject": row.subject,
                    "partials": row.partials.enumerated().map { index, mark in
                        [
                            "mark": mark.text.isEmpty ? "—" : mark.text, "fails": Self.fails(mark),
                            "label": index < 3 ? pages.text("cam_p\(index + 1)", context) : String(index + 1),
                        ]
                    },
                    "final": row.final.text.isEmpty ? "—" : row.final.text, "finalFails": Self.fails(row.final),
                ]
            }
            data["schedule"] = (1...6).compactMap { weekday -> [String: Any]? in
                let classes = (record.schedule ?? []).flatMap { row in row.meetings.filter { $0.weekday == weekday }.map { (row, $0) } }
                    .sorted { $0.1.start < $1.1.start }
                guard !classes.isEmpty else { return nil }
                return [
                    "day": pages.text("cam_day_\(weekday)", context),
                    "classes": classes.map { row, meeting in
                        [
                            "time": "\(meeting.start)–\(meeting.end)", "subject": row.subject, "teacher": row.teacher,
                            "room": [meeting.building, meeting.room].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "-"),
                        ]
                    },
                ]
            }
            if let kardex = record.kardex {
                data["kardex"] = [
                    "career": kardex.career ?? "", "plan": kardex.plan ?? "",
                    "average": kardex.averageHundredths.map { "\($0 / 100).\($0 % 100 < 10 ? "0" : "")\($0 % 100)" } ?? "—",
                    "semesters": kardex.semesters.map { semester in
                        [
                            "title": semester.title,
                            "lines": semester.lines.map { line in
                                [
                                    "code": line.code, "subject": line.subject, "period": line.period, "assessment": line.assessment,
                                    "mark": line.mark.text, "fails": Self.fails(line.mark),
                                ]
                            },
                        ]
                    },
                ]
            }
            data["personal"] = PersonalDataParser.labels.compactMap { key, _ -> [String: String]? in
                guard let value = record.personalData?[key] else { return nil }
                return ["label": pages.text("cam_f_\(key)", context), "value": value]
            }
            data["hasGrades"] = !(record.grades?.rows ?? []).isEmpty
            data["hasSchedule"] = !(record.schedule ?? []).isEmpty
            data["hasPersonal"] = !(record.personalData ?? [:]).isEmpty
            if let credits = record.credits {
                data["credits"] = ["earned": credits.earned ?? "—", "total": credits.total ?? "—", "appointment": credits.appointment ?? ""]
            }
            if let photo = record.photo { data["photo"] = photo }
        }
        return page("campus_saes", "cam_saes", data, context, problem: problem, notice: notice)
    }

    private func saesLinkData(_ link: SAESLinkView, _ context: PatioRequestContext) -> [String: Any] {
        [
            "school": link.schoolName, "schoolCode": link.school, "boleta": link.boleta ?? "",
            "status": pages.text("cam_saes_status_\(link.status)", context),
            "evaluationRequired": link.status == "evaluation_required", "sessionEnded": link.status == "session_ended",
            "syncedAt": link.syncedAt.map { PageFormat.dateTime($0, in: SchoolCalendar.zone, locale: context.locale) }
                ?? pages.text("cam_saes_never", context),
            "teachers": link.teachersToEvaluate.map { ["teacher": $0.teacher, "subject": $0.subject, "group": $0.group] },
            "evaluationURL": link.evaluationURL ?? "",
            "pages": link.pages.filter { $0.page != "photo" }.map { page in
                [
                    "name": pages.text("cam_saes_page_\(page.page)", context), "status": pages.text("cam_saes_page_status_\(page.status)", context),
                    "current": page.status == "current", "problems": page.problems, "hasProblems": !page.problems.isEmpty,
                    "changedAt": PageFormat.dateTime(page.changedAt, in: SchoolCalendar.zone, locale: context.locale),
                ]
            },
        ]
    }

    static func fails(_ mark: SAESMark) -> Bool {
        switch mark {
        case .tenths(let tenths): return tenths < Grade.passingTenths
        case .notPresented: return true
        case .none: return false
        }
    }
}
