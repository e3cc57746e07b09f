import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb
import QRCode

/// The campus pages: the home page for each role; the student's grades, schedule (list and grid, receipt
/// and calendar link), kardex, personal data and credential; the teacher's group with its capture form;
/// school content and the public checks behind the credential's and the receipt's QR codes.
enum CampusPages {
    static func register(on routes: PatioRoutes, services: CampusServices, web: WebRenderer) {
        let pages = CampusPageHandlers(s: services, web: web)
        let worker = OfflineWorker(
            module: "campus",
            shell: [
                "/campus", "/campus/grades", "/campus/schedule", "/campus/kardex", "/campus/personal",
                "/static/patio.css", "/static/campus/offline.js",
            ])
        routes.get("/campus/sw.js", .everyone) { _, _ in worker.response }
        let member = Access.anyRole(CampusRoles.members), student = Access.role(CampusRoles.student),
            teacher = Access.anyRole([CampusRoles.teacher, CampusRoles.admin])
        routes.get("/campus", member, pages.home)
        routes.get("/campus/grades", student, pages.grades)
        routes.get("/campus/schedule", student, pages.schedule)
        routes.get("/campus/schedule/receipt.pdf", student, CampusAPI.receiptHandler(services, StudentRecord(s: services)))
        routes.get("/campus/kardex", student, pages.kardex)
        routes.get("/campus/personal", student, pages.personal)
        routes.post("/campus/personal", student, pages.updatePersonal)
        routes.get("/campus/availability", member, pages.availability)
        routes.get("/campus/credential", student, pages.credential)
        routes.get("/campus/saes", student, pages.saes)
        routes.post("/campus/saes/challenge", student, pages.saesChallenge)
        routes.post("/campus/saes/link", student, pages.saesLink)
        routes.post("/campus/saes/sync", student, pages.saesSync)
        routes.post("/campus/saes/unlink", student, pages.saesUnlink)
        routes.get("/campus/saes/availability", student, pages.saesAvailability)
        routes.get("/campus/photo", student) { request, context in
            try await pages.me.photo(try await services.students.record(try context.requirePrincipal())).response(for: request)
        }
        routes.get("/campus/groups/{id}", teacher, pages.group)
        // The capture form posts to its page's own address: a refused capture is shown again there, with what was typed.
        routes.post("/campus/groups/{id}", teacher, pages.capture)
        let admin = Access.role(CampusRoles.admin)
        // School services' typed forms post to their page's own address, naming themselves in `form`: a refused
        // one is shown again there, with what was typed (docs/web-pages.md).
        routes.get("/campus/admin", admin, pages.admin)
        routes.post("/campus/admin", admin, pages.adminForm)
        routes.post("/campus/admin/periods/{id}/close", admin, pages.closePeriod)
        routes.post("/campus/admin/posts/{id}/delete", admin, pages.removePost)
        routes.post("/campus/admin/scholarships/{id}/delete", admin, pages.removeScholarship)
        routes.post("/campus/admin/calendar/{id}/delete", admin, pages.removeEvent)
        routes.get("/campus/admin/catalogue", admin, pages.catalogue)
        routes.post("/campus/admin/catalogue", admin, pages.addToCatalogue)
        routes.get("/campus/admin/students", admin, pages.students)
        routes.post("/campus/admin/students", admin, pages.createStudent)
        routes.get("/campus/admin/students/{id}", admin, pages.student)
        routes.post("/campus/admin/students/{id}", admin, pages.studentForm)
        routes.post("/campus/admin/students/{id}/photo", admin, pages.uploadPhoto)
        routes.get("/campus/admin/students/{id}/photo", admin) { request, context in
            try await services.students.photo(try await services.students.find(try context.uuidParameter("id"))).response(for: request)
        }
        routes.get("/campus/school", .everyone, pages.school)
        routes.get("/campus/credential/{token}", .everyone, pages.checkCredential)
        routes.get("/campus/credential/{token}/photo", .everyone, pages.credentialPhoto)
        routes.get("/campus/receipt/{token}", .everyone, pages.checkReceipt)
    }
}

struct CampusPageHandlers: Sendable {
    let s: CampusServices
    let pages: ModulePages
    static let accent = "#7f1d3f"

    init(s: CampusServices, web: WebRenderer) {
        self.s = s
        self.pages = ModulePages(web: web, strings: CampusStrings.all, accent: Self.accent) { context in
            [
                "isStudent": context.principal?.has(role: CampusRoles.student) ?? false,
                "isTeacher": context.principal?.has(role: CampusRoles.teacher) ?? false,
                "isAdmin": context.principal?.has(role: CampusRoles.admin) ?? false,
            ]
        }
    }

    var me: StudentRecord { StudentRecord(s: s) }
    var content: ContentService { s.content }

    /// A campus page. Signed-in pages register the offline worker for their account and say when they were
    /// made, which is what an offline copy then shows.
    func page(
        _ template: String, _ titleKey: String, _ data: [String: Any], _ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil
    ) -> Response {
        var data = data
        if let principal = context.principal {
            data["accountId"] = principal.accountID.uuidString
            data["updatedAt"] = PageFormat.dateTime(s.clock.now(), in: SchoolCalendar.zone, locale: context.locale)
        }
        return pages.page(template, title: pages.text(titleKey, context), data, context: context, problem: problem, notice: notice)
    }

    /// What a student page says of its source: nothing for the school's record; for SAES, when it was read
    /// and, when the last reading failed, that the page shows the one before.
    func sourceData(_ source: RecordSource, _ context: PatioRequestContext) -> [String: Any] {
        guard source.kind == .saes else { return [:] }
        return [
            "fromSAES": true, "stale": source.isStale, "problems": source.problems.map { ["text": $0] },
            "syncedAt": source.syncedAt.map { PageFormat.dateTime($0, in: SchoolCalendar.zone, locale: context.locale) }
                ?? pages.text("cam_saes_never", context),
        ]
    }

    private func dayName(_ day: Int, _ context: PatioRequestContext) -> String { pages.text("cam_day_\(day)", context) }

    // MARK: Home

    func home(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        var data: [String: Any] = [:]
        // The current period and the student's SAES readings (found by account) need nothing from the student's
        // record, so the three are read at once.
        let isStudent = principal.has(role: CampusRoles.student)
        async let periodRead = isStudent || principal.has(role: CampusRoles.teacher) ? s.record.currentPeriod() : nil
        async let saesRead = isStudent ? s.saesRecord.linkedRecord(accountID: principal.accountID) : nil
        let student = try await studentRecord(principal)
        // Someone with the student role and no record gets no student cards, whatever the SAES read found.
        let period = try await periodRead, saes = student == nil ? nil : try await saesRead
        // The cards read independent rows, so they are read at once, each on its own connection: the page
        // waits for the slowest card rather than for all of them in turn.
        async let studentCards = studentHome(student, period: period, saes: saes)
        async let teacherGroups = teacherHome(principal, period: period)
        async let postsRead = schoolPosts(student)
        async let scholarshipsRead = content.scholarships(status: nil)
        async let eventsRead = s.record.calendar(from: SchoolCalendar.today(s.clock))
        if let cards = try await studentCards {
            if let next = cards.schedule.nextClasses(from: SchoolCalendar.today(s.clock).weekday) {
                data["next"] = next.entries.map(entryData)
                data["nextDay"] = dayName(next.weekday, context)
                data["hasNext"] = true
            }
            data["summary"] = summaryData(cards.grades, cards.kardex)
        }
        if let groups = try await teacherGroups {
            data["groups"] = groups.map { ["id": $0.id.uuidString, "code": $0.code, "subject": $0.subject.name, "enrolled": $0.enrolled] }
            data["hasGroups"] = !groups.isEmpty
        }
        let (announcements, news) = try await postsRead
        let urgent = announcements.filter { $0.category == "urgent" }.count
        data["announcements"] = announcements.prefix(5).map(postData(context))
        data["urgentCount"] = urgent > 0 ? String(urgent) : ""
        data["urgentLabel"] = pages.text(urgent == 1 ? "cam_urgent_one" : "cam_urgent", context)
        data["news"] = news.map(postData(context))
        let open = try await scholarshipsRead.filter { $0.status == "open" || $0.status == "registration_open" }
        data["scholarships"] = open.map(scholarshipData(context))
        data["hasScholarships"] = !open.isEmpty
        data["events"] = eventsData(try await eventsRead, context)
        return page("campus_home", "cam_app", data, context)
    }

    /// The signed-in student's record; nil for anyone who is not a student.
    private func studentRecord(_ principal: Principal) async throws -> StudentModel? {
        guard principal.has(role: CampusRoles.student) else { return nil }
        return try? await s.students.record(principal)
    }

    /// The announcements and the three latest news a student's school is shown (every post for anyone who
    /// is not a student): the posts of both kinds in one reading, alongside the school's code.
    private func schoolPosts(_ student: StudentModel?) async throws -> (announcements: [ContentService.PostView], news: [ContentService.PostView]) {
        async let posts = content.livePosts()
        let school = try await schoolCode(of: student)
        let live = try await posts
        return (
            ContentService.shown(live.filter { $0.kind == "announcement" }, school: school),
            ContentService.shown(live.filter { $0.kind == "news" }, school: school, limit: 3)
        )
    }

    private func schoolCode(of student: StudentModel?) async throws -> String? {
        guard let student else { return nil }
        return try await s.students.schoolCode(student)
    }

    /// What the student's cards show, from one reading of their SAES record.
    private struct StudentHome: Sendable {
        var schedule: Schedule
        var grades: GradeReport
        var kardex: KardexReport
    }

    private func studentHome(_ record: StudentModel?, period: PeriodModel?, saes: SAESRecordView?) async throws -> StudentHome? {
        guard let record else { return nil }
        async let term = me.currentTerm(record, saes: saes, period: period)
        async let kardex = me.kardex(record, search: nil, saes: saes)
        let (schedule, grades) = try await term
        return StudentHome(schedule: schedule, grades: grades, kardex: try await kardex)
    }

    /// The teacher's groups in the current `period`; nil for someone who does not teach.
    private func teacherHome(_ principal: Principal, period: PeriodModel?) async throws -> [GroupView]? {
        guard principal.has(role: CampusRoles.teacher) else { return nil }
        return try await s.groups.list(GroupService.Filter(periodID: period?.id, teacherAccountID: principal.accountID))
    }

    /// A class as every schedule shows it; `place` is the room as the school writes it, "2-201" (building and
    /// room), the same in the grid, the day and the list.
    private func entryData(_ entry: Schedule.Entry) -> [String: Any] {
        [
            "startsAt": entry.startsAt, "endsAt": entry.endsAt, "subject": entry.subject, "teacher": entry.teacher ?? "—", "group": entry.group,
            "place": [entry.building, entry.room].filter { !$0.isEmpty }.joined(separator: "-"), "colour": entry.colour,
        ]
    }

    func scholarshipData(_ context: PatioRequestContext) -> (ContentService.ScholarshipView) -> [String: Any] {
        { item in
            [
                "name": item.name, "description": item.description, "status": pages.text("cam_status_\(item.status)", context), "link": item.link,
                "amount": PageFormat.money(item.amountMinor, currency: item.currency, locale: context.locale),
            ]
        }
    }

    func postData(_ context: PatioRequestContext) -> (ContentService.PostView) -> [String: Any] {
        { post in ["title": post.title, "body": post.body, "category": post.category.map { pages.text("cam_cat_\($0)", context) } ?? ""] }
    }

    private func eventsData(_ context: PatioRequestContext) async throws -> [[String: Any]] {
        eventsData(try await s.record.calendar(from: SchoolCalendar.today(s.clock)), context)
    }

    /// The next six events, with their dates as the reader writes them.
    private func eventsData(_ events: [CalendarEventView], _ context: PatioRequestContext) -> [[String: Any]] {
        events.prefix(6).map { event in
            let from = PageFormat.shortDate(event.startsOn, locale: context.locale), to = PageFormat.shortDate(event.endsOn, locale: context.locale)
            return ["title": event.title, "dates": from == to ? from : "\(from) – \(to)"]
        }
    }

    // MARK: Student

    func grades(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let record = try await s.students.record(try context.requirePrincipal())
        var report = try await me.grades(record)
        // A period closed before its end is still the one running: its recorded grades are shown, saying it is closed,
        // rather than the next period's empty list.
        if report.rows.isEmpty, report.period?.isClosed != true, let closed = try await closedPeriodRunningToday() {
            report = try await me.grades(record, periodID: closed.id)
        }
        let rows: [[String: Any]] = report.rows.map { row in
            let grades = zip(
                ["cam_p1", "cam_p2", "cam_p3", "cam_ext", "cam_final"], [row.partial1, row.partial2, row.partial3, row.extraordinary, row.final]
            ).map { key, text -> [String: Any] in
                let grade = text.flatMap(Grade.init)
                return ["text": text ?? "—", "css": grade.map { $0.passes ? "pass" : "fail" } ?? "muted", "label": pages.text(key, context)]
            }
            return [
                "subject": row.subject, "groupCode": row.groupCode, "teacher": row.teacher ?? "—", "grades": grades, "average": row.average ?? "",
            ]
        }
        let closedText = report.period.flatMap { $0.isClosed ? String(format: pages.text("cam_grades_closed", context), $0.code) : nil } ?? ""
        return page(
            "campus_grades", "cam_grades",
            [
                "period": report.period?.code ?? "", "rows": rows, "hasRows": !rows.isEmpty, "closedText": closedText,
                "summary": summaryData(report, try await me.kardex(record, search: nil)),
                "source": sourceData(report.source, context),
            ], context)
    }

    /// The grades summary of the home and grades pages: this period's average and approved subjects, said to
    /// be this period's (a 5th-semester student's "approved: 0" is the new period, not the degree), beside
    /// the whole record's from the kardex: general average, approved subjects, credits.
    private func summaryData(_ period: GradeReport, _ kardex: KardexReport) -> [String: Any] {
        ["period": period.period?.code ?? "", "average": period.generalAverage ?? "", "approved": period.approved, "kardex": kardexTotals(kardex)]
    }

    /// The week as a grid and a list (wide screens) and one day at a time with a tab per day (phones): the day
    /// is `?day=` (1 Monday … 6 Saturday), today's by default, so the tabs are links that need no script.
    func schedule(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let record = try await s.students.record(try context.requirePrincipal())
        let schedule = try await me.schedule(record)
        let hours = schedule.hourRange
        // The grid has a row per half hour; column 1 holds the hours.
        func row(_ minutes: Int) -> Int { (minutes - hours.lowerBound * 60) / 30 + 2 }
        let days = schedule.days
        let blocks: [[String: Any]] = schedule.entries.compactMap { entry in
            guard let column = days.firstIndex(of: entry.weekday), let starts = CampusText.minutes(entry.startsAt),
                let ends = CampusText.minutes(entry.endsAt)
            else { return nil }
            var data = entryData(entry)
            data["column"] = column + 2
            data["rowStart"] = row(starts)
            data["rowEnd"] = max(row(starts) + 1, row(ends))
            return data
        }
        var data: [String: Any] = [
            "period": schedule.period?.code ?? "", "hasEntries": !schedule.entries.isEmpty, "blocks": blocks, "dayCount": days.count,
            "rowCount": (hours.upperBound - hours.lowerBound) * 2,
            "dayHeads": days.enumerated().map { ["column": $0.offset + 2, "name": dayName($0.element, context)] },
            "hours": (hours.lowerBound..<hours.upperBound).map { ["row": row($0 * 60), "label": String(format: "%02d:00", $0)] },
            "days": days.compactMap { day -> [String: Any]? in
                let entries = schedule.entries(on: day)
                return entries.isEmpty ? nil : ["name": dayName(day, context), "entries": entries.map(entryData)]
            },
            "feedURL": try await me.feedURL(record, base: PublicAddress.base(publicURL: s.publicURL, request: request)),
            "source": sourceData(schedule.source, context),
        ]
        let today = SchoolCalendar.today(s.clock).weekday, now = SchoolCalendar.minutesNow(s.clock)
        let asked = request.uri.queryParameters["day"].flatMap { Int($0) }.flatMap { days.contains($0) ? $0 : nil }
        let shown = asked ?? (days.contains(today) ? today : days.first { !schedule.entries(on: $0).isEmpty } ?? 1)
        data["dayTabs"] = days.map { day -> [String: Any] in
            [
                "day": day, "short": pages.text("cam_day_short_\(day)", context), "name": dayName(day, context), "selected": day == shown,
                "today": day == today,
            ]
        }
        let shownEntries = schedule.entries(on: shown)
        data["dayView"] = ["name": dayName(shown, context), "entries": shownEntries.map(entryData), "hasClasses": !shownEntries.isEmpty]
        if let column = days.firstIndex(of: today), hours.contains(now / 60) {
            data["nowRow"] = row(now)
            data["nowColumn"] = column + 2
        }
        return page("campus_schedule", "cam_schedule", data, context)
    }

    func kardex(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let record = try await s.students.record(try context.requirePrincipal())
        let query = request.pageQuery.text("q") ?? ""
        let report = try await me.kardex(record, search: query)
        var data = kardexData(report, context)
        data["query"] = query
        data["emptyText"] = pages.emptyList("cam_no_kardex", noMatches: "cam_no_kardex_for", search: query, context)
        data["source"] = sourceData(report.source, context)
        return page("campus_kardex", "cam_kardex", data, context)
    }

    /// The kardex by semester with its averages and credits, as the student's page and school services' show it.
    func kardexData(_ report: KardexReport, _ context: PatioRequestContext) -> [String: Any] {
        let semesters: [[String: Any]] = report.semesters.map { semester in
            [
                "semester": semester.semester, "average": semester.average ?? "—", "cumulativeAverage": semester.cumulativeAverage ?? "—",
                "lines": semester.lines.map {
                    [
                        "clave": $0.clave, "subject": $0.subject, "date": PageFormat.date($0.date, locale: context.locale), "period": $0.period,
                        "evaluation": $0.evaluation, "grade": $0.grade, "css": $0.passed ? "pass" : "fail",
                    ]
                },
            ]
        }
        return kardexTotals(report).merging([
            "career": report.career, "plan": report.plan, "semesters": semesters, "hasSemesters": !semesters.isEmpty,
        ]) { _, new in new }
    }

    /// The kardex's figures for the whole record: general average, approved subjects, credits earned of the plan's.
    func kardexTotals(_ report: KardexReport) -> [String: Any] {
        [
            "overall": report.overallAverage ?? "—", "approvedSubjects": report.approvedSubjects,
            "creditsEarned": Self.decimal(report.creditsEarned), "creditsTotal": Self.decimal(report.creditsTotal),
        ]
    }

    static func decimal(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value) }

    func personal(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await personalPage(context)
    }

    /// The form's fields become the student's own change, field by field: a field the form sends empty is
    /// cleared, one it leaves out keeps its value; the same rules as the API's (unknown names, school-owned
    /// fields and data read from SAES are refused).
    func updatePersonal(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let patch = try PersonalDataPatch(form: form.fields.compactMapValues(\.first))
            _ = try await me.updatePersonalData(try await s.students.record(try context.requirePrincipal()), patch)
            return try await personalPage(context, notice: pages.text("cam_saved", context))
        } catch let error as AppError {
            return try await personalPage(context, problem: error)
        }
    }

    private func personalPage(_ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil) async throws -> Response {
        let record = try await s.students.record(try context.requirePrincipal())
        let personal = try await me.personalData(record)
        let groups = personalGroups(personal.data, context)
        // Data read from SAES is changed on SAES: the next reading would undo a change made here.
        let editable =
            personal.source.kind == .saes
            ? []
            : personal.data.fields.filter { $0.group == "address" || $0.group == "contact" }.map {
                ["name": "\($0.group).\($0.name)", "label": pages.text("cam_f_\($0.group).\($0.name)", context), "value": $0.value ?? ""]
            }
        return page(
            "campus_personal", "cam_personal",
            [
                "groups": groups, "editable": editable, "hasEditable": !editable.isEmpty, "hasGroups": !groups.isEmpty,
                "source": sourceData(personal.source, context),
            ], context, problem: problem, notice: notice)
    }

    /// Personal data in its groups; empty fields are hidden, and so is a group with none filled in.
    func personalGroups(_ data: PersonalData, _ context: PatioRequestContext) -> [[String: Any]] {
        let titles = [
            "general": "cam_general", "birth": "cam_birth", "address": "cam_address", "contact": "cam_contact", "previousSchooling": "cam_previous",
            "family": "cam_family",
        ]
        return ["general", "birth", "address", "contact", "previousSchooling", "family"].compactMap { group -> [String: Any]? in
            let fields = data.fields.filter { $0.group == group && !($0.value ?? "").isEmpty }
            guard !fields.isEmpty else { return nil }
            return [
                "title": pages.text(titles[group] ?? group, context),
                "fields": fields.map { field in
                    let value = field.value ?? ""
                    return [
                        "label": pages.text("cam_f_\(field.group).\(field.name)", context),
                        "value": field.group == "birth" && field.name == "date" ? PageFormat.date(value, locale: context.locale) : value,
                    ]
                },
            ]
        }
    }

    func credential(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let record = try await s.students.record(try context.requirePrincipal())
        let credential = try await me.credential(record, base: PublicAddress.base(publicURL: s.publicURL, request: request))
        let qr = (try? QRCode(text: credential.verifyURL).svg(title: pages.text("cam_credential", context))) ?? ""
        return page(
            "campus_credential", "cam_credential",
            [
                "name": credential.name, "boleta": credential.boleta, "career": credential.career,
                "school": credential.school, "enrolled": credential.enrolled, "period": credential.period ?? "", "qr": qr,
                "hasPhoto": credential.hasPhoto, "initials": Self.initials(credential.name),
            ], context)
    }

    func availability(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.pageQuery
        func text(_ name: String) -> String? { query.text(name) }
        let shift = text("shift").flatMap { GroupService.shifts.contains($0) ? $0 : nil }
        let period = try await s.record.currentPeriod()?.id
        let groups = try await s.groups.list(
            GroupService.Filter(periodID: period, careerCode: text("career"), planCode: text("plan"), shift: shift, subjectQuery: text("q")))
        return page(
            "campus_availability", "cam_availability",
            [
                "career": text("career") ?? "", "plan": text("plan") ?? "", "query": text("q") ?? "", "morning": shift == "morning",
                "evening": shift == "evening",
                "hasGroups": !groups.isEmpty,
                "groups": groups.map { group -> [String: Any] in
                    [
                        "code": group.code, "subject": group.subject.name, "teacher": group.teacherName ?? "—", "seatsLeft": group.seatsLeft,
                        "quota": group.quota,
                        "slots": group.slots.map {
                            ["day": dayName($0.weekday, context), "time": "\($0.startsAt)–\($0.endsAt)", "room": "\($0.building)-\($0.room)"]
                        },
                    ]
                },
            ], context)
    }

    // MARK: Teacher

    func group(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        page("campus_group", "cam_groups", try await groupData(try context.uuidParameter("id"), try context.requirePrincipal(), context), context)
    }

    /// The period running today when school services closed it before its end (nil otherwise).
    private func closedPeriodRunningToday() async throws -> PeriodView? {
        let today = SchoolCalendar.today(s.clock).description
        return try await s.record.periods().first { $0.isClosed && $0.startsOn <= today && today <= $0.endsOn }
    }

    /// The roster with one input per grade; inputs of closed windows are read-only (school services may edit all).
    /// Once the period is closed every input is read-only and the page says capture is over.
    private func groupData(_ id: UUID, _ principal: Principal, _ context: PatioRequestContext) async throws -> [String: Any] {
        let group = try await s.groups.view(id, for: principal)
        let period = RecordService.view(try await s.record.period(group.periodId))
        let roster = try await s.grades.roster(groupID: id, for: principal)
        let windows = try await s.grades.windows(periodID: group.periodId)
        let isAdmin = principal.has(role: CampusRoles.admin)
        let open = Set(windows.filter(\.isOpen).map(\.assessment))
        let labels = ["partial1": "cam_p1", "partial2": "cam_p2", "partial3": "cam_p3", "extraordinary": "cam_ext", "final": "cam_final"]
        let rows: [[String: Any]] = roster.map { row in
            let values = [row.partial1, row.partial2, row.partial3, row.extraordinary, row.final]
            return [
                "name": row.name, "boleta": row.boleta,
                "cells": zip(Assessment.allCases, values).map { assessment, value in
                    [
                        "name": "\(row.enrolmentId.uuidString).\(assessment.rawValue)", "value": value ?? "",
                        "editable": !period.isClosed && (isAdmin || open.contains(assessment.rawValue)),
                        "label": "\(row.name) · \(pages.text(labels[assessment.rawValue] ?? "", context))",
                        "short": pages.text(labels[assessment.rawValue] ?? "", context),
                    ] as [String: Any]
                },
            ]
        }
        var data: [String: Any] = [
            "id": id.uuidString, "code": group.code, "subject": group.subject.name, "rows": rows, "isClosed": period.isClosed,
            "closedText": period.isClosed ? String(format: pages.text("cam_capture_over", context), period.code) : "",
            "windows": period.isClosed
                ? [] : windows.map { ["name": pages.text(labels[$0.assessment] ?? $0.assessment, context), "isOpen": $0.isOpen] },
        ]
        if isAdmin {
            let names = Dictionary(uniqueKeysWithValues: roster.map { ($0.enrolmentId, $0.name) })
            data["history"] = try await s.grades.history(groupID: id).prefix(100).map { change -> [String: Any] in
                [
                    "student": names[change.enrolmentId] ?? "—", "assessment": pages.text(labels[change.assessment] ?? change.assessment, context),
                    "before": change.before ?? "—", "after": change.after ?? "—", "actor": change.actorName,
                    "at": PageFormat.dateTime(change.at, in: SchoolCalendar.zone, locale: context.locale),
                ]
            }
        }
        return data
    }

    /// The form sends every cell; only editable ones that changed are captured (a closed window's cells are
    /// read-only on the page and left out here).
    func capture(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        let roster = try await s.grades.roster(groupID: id, for: principal)
        let group = try await s.groups.view(id)
        guard try await s.record.period(group.periodId).closedAt == nil else {
            return redirect(to: "/campus/groups/\(id.uuidString)", alert: pages.message(GradeService.periodClosed, context))
        }
        let open = Set(try await s.grades.windows(periodID: group.periodId).filter(\.isOpen).map(\.assessment))
        let isAdmin = principal.has(role: CampusRoles.admin)
        var entries: [GradeService.Entry] = []
        for row in roster {
            let current = [row.partial1, row.partial2, row.partial3, row.extraordinary, row.final]
            var changes: [Assessment: String?] = [:]
            for (assessment, value) in zip(Assessment.allCases, current) where isAdmin || open.contains(assessment.rawValue) {
                guard let sent = form.text("\(row.enrolmentId.uuidString).\(assessment.rawValue)") else { continue }
                if sent.trimmingCharacters(in: .whitespaces) != (value ?? "") { changes[assessment] = sent }
            }
            if !changes.isEmpty { entries.append(GradeService.Entry(enrolmentId: row.enrolmentId, changes: changes)) }
        }
        do {
            _ = try await s.grades.capture(groupID: id, entries, by: principal)
        } catch let error as AppError where error.status.code < 500 {
            var data = try await groupData(id, principal, context)
            let refused = GradeCellErrors(error, entries: entries, words: pages.words(context.locale))
            data["rows"] = Self.typed(form, into: data["rows"], marking: refused)
            return page("campus_group", "cam_groups", data, context, problem: refused.problem(labels: Self.cellLabels(data["rows"])))
        }
        return redirect(to: "/campus/groups/\(id.uuidString)", notice: pages.text("cam_grades_saved", context))
    }

    /// The roster's cells with what the refused form carried, so nothing typed is lost, and each refused cell
    /// marked with its reason beside the student's name.
    private static func typed(_ form: FormBody, into rows: Any?, marking refused: GradeCellErrors) -> [[String: Any]] {
        ((rows as? [[String: Any]]) ?? []).map { row in
            var row = row
            var rowRefused = false
            row["cells"] = ((row["cells"] as? [[String: Any]]) ?? []).map { cell in
                var cell = cell
                if let name = cell["name"] as? String {
                    if let sent = form[name] { cell["value"] = sent }
                    if let reason = refused.messages[name] { cell["error"] = reason; rowRefused = true }
                }
                return cell
            }
            row["refused"] = rowRefused
            return row
        }
    }

    /// Each cell's input name → what the page calls it ("Ana López · 2.º parcial").
    private static func cellLabels(_ rows: Any?) -> [String: String] {
        var labels: [String: String] = [:]
        for row in (rows as? [[String: Any]]) ?? [] {
            for cell in (row["cells"] as? [[String: Any]]) ?? [] {
                if let name = cell["name"] as? String, let label = cell["label"] as? String { labels[name] = label }
            }
        }
        return labels
    }

    // MARK: Public

    func school(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let scholarships = try await content.scholarships(status: nil).map(scholarshipData(context))
        return page(
            "campus_school", "cam_school",
            [
                "announcements": try await content.posts(kind: "announcement", school: nil).map(postData(context)),
                "news": try await content.posts(kind: "news", school: nil).map(postData(context)),
                "scholarships": scholarships, "events": try await eventsData(context),
            ], context)
    }
}
