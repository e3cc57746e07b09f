import Foundation
import Hummingbird
import PatioCore
import PatioWeb
import QRCode

/// Admin pages for the day's sessions, settings, sedes (with the room QR screen), classes, schedules and packs.
struct AdminCataloguePages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    func today(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        var date = ""
        var locations: [[String: Any]] = []
        for location in try await s.catalogue.locations(includeArchived: false) {
            let today = try await s.attendance.today(location: location.id, catalogue: s.catalogue)
            date = today.date
            locations.append([
                "id": location.id.uuidString, "name": location.name,
                "sessions": today.sessions.map {
                    [
                        "startTime": $0.startTime, "endTime": $0.endTime, "className": $0.className, "checkedIn": $0.checkedIn,
                        "expected": $0.expected,
                        "attendees": $0.attendees.map { ["studentName": $0.studentName, "time": clock.time($0.checkedInAt)] },
                    ] as [String: Any]
                },
            ])
        }
        let dateLabel = date.isEmpty ? clock.day(of: Date()) : clock.day(date)
        return r.page("academy_admin", title: r.text("ac_today", context), ["date": dateLabel, "locations": locations], context: context)
    }

    // MARK: Settings

    func settings(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await settingsPage(context, problem: nil, values: nil)
    }

    private func settingsPage(_ context: PatioRequestContext, problem: AppError?, values: [String: String]?) async throws -> Response {
        let current = try await s.settings.current()
        let shown =
            values ?? [
                "name": current.name, "timeZone": current.timeZone, "currency": current.currency,
                "checkInOpensMinutesBefore": String(current.checkInOpensMinutesBefore),
                "checkInClosesMinutesAfterEnd": String(current.checkInClosesMinutesAfterEnd),
            ]
        return r.page("academy_settings", title: r.text("ac_settings", context), ["values": shown], context: context, problem: problem)
    }

    func saveSettings(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = AcademySettingsService.Input(
                name: form.text("name"), timeZone: form.text("timeZone"), currency: form.text("currency"),
                checkInOpensMinutesBefore: form.integer("checkInOpensMinutesBefore", into: &validator),
                checkInClosesMinutesAfterEnd: form.integer("checkInClosesMinutesAfterEnd", into: &validator))
            try validator.validate()
            _ = try await s.settings.update(input)
            return redirect(to: "/academy/admin/settings", notice: r.text("ac_saved", context))
        } catch let error as AppError {
            return try await settingsPage(context, problem: error, values: form.values)
        }
    }

    // MARK: Sedes

    func locations(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await locationsPage(context)
    }

    /// The sedes page. A refused form is shown again with what was typed: in its sede's own form when it edited
    /// one (`editing`), else in the new-sede form.
    private func locationsPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], editing: UUID? = nil)
        async throws -> Response
    {
        let locations = try await s.catalogue.locations(includeArchived: true)
        return r.page(
            "academy_locations", title: r.text("ac_locations", context),
            [
                "locations": locations.map { location in
                    let typed = location.id == editing ? values : [:]
                    return [
                        "id": location.id.uuidString, "name": typed["name"] ?? location.name, "address": typed["address"] ?? location.address,
                        "isArchived": location.isArchived,
                    ] as [String: Any]
                }
            ], context: context, problem: problem, values: editing == nil ? values : [:])
    }

    /// Every form on the sedes page posts here, its own address: with `id` it edits that sede, without it adds one.
    func saveLocation(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let editing = form.uuid("id")
        let input = CatalogueService.LocationInput(name: form.text("name"), address: form.text("address"))
        do {
            if let editing {
                _ = try await s.catalogue.updateLocation(editing, input)
                return redirect(to: "/academy/admin/locations", notice: r.text("ac_saved", context))
            }
            let created = try await s.catalogue.createLocation(input)
            return redirect(to: "/academy/admin/locations", notice: String(format: r.text("ac_location_created", context), created.name))
        } catch let error as AppError where error.status.code < 500 {
            return try await locationsPage(context, problem: error, values: form.values, editing: editing)
        }
    }

    /// Asks first, naming the sede and how many classes go with it; then archives what has history and deletes the rest.
    func deleteLocation(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let location = try await s.catalogue.location(id)
        let classes = try await s.catalogue.classes(locationID: id, level: nil, includeArchived: false).count
        if let ask = r.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: r.text("ac_delete_location_question", context), location.name),
            consequences: [
                String(format: r.text("ac_delete_location_line", context), location.name, r.count(classes, "ac_n_classes", context)),
                r.text("ac_delete_history_line", context),
            ],
            action: r.text("ac_yes_delete", context), back: "/academy/admin/locations")
        {
            return ask
        }
        return try await removing(back: "/academy/admin/locations", context) { try await s.catalogue.deleteLocation(id) }
    }

    /// Runs a confirmed removal and goes back to `back` saying whether it was deleted or, having history, archived.
    private func removing(back: String, _ context: PatioRequestContext, _ remove: () async throws -> DeletionOutcome) async throws -> Response {
        do {
            let outcome = try await remove()
            return redirect(to: back, notice: r.text(outcome == .archived ? "ac_archived_notice" : "ac_deleted", context))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: back, alert: r.message(error, context))
        }
    }

    /// The room screen: a large QR code that the page itself replaces when its window ends.
    func roomScreen(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let location = try await s.catalogue.location(id)
        let code = try await s.checkIns.code(location: id, baseURL: AcademyAPI.baseURL(request, services: s))
        let svg = try QRCode(text: code.url).svg(title: location.name)
        return r.page(
            "academy_qr", title: location.name,
            [
                "locationName": location.name, "qr": svg, "url": code.url, "refreshSeconds": code.refreshInSeconds,
            ], context: context)
    }

    // MARK: Classes and schedules

    func classes(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await classesPage(context)
    }

    private func classesPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:]) async throws -> Response {
        let locale = context.locale
        let classes = try await s.catalogue.classes(includeArchived: true)
        let locations = try await s.catalogue.locations(includeArchived: false)
        return r.page(
            "academy_admin_classes", title: r.text("ac_classes", context),
            [
                "classes": classes.map { danceClass in
                    [
                        "id": danceClass.id.uuidString, "name": danceClass.name, "levelLabel": AcademyStrings.level(danceClass.level, locale),
                        "isArchived": danceClass.isArchived, "locationName": danceClass.locationName,
                        "scheduleSummary": danceClass.schedules.filter { !$0.isArchived }.map {
                            "\(AcademyStrings.weekday($0.weekday, locale)) \($0.startTime)"
                        }.joined(separator: ", "),
                    ] as [String: Any]
                },
                "hasLocations": !locations.isEmpty,
                "locations": locations.map { ["id": $0.id.uuidString, "name": $0.name, "selected": $0.id.uuidString == values["locationId"]] },
                "levels": StudentPages.levels(selected: values["level"] ?? "all", locale),
            ], context: context, problem: problem, values: values)
    }

    func createClass(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = CatalogueService.ClassInput(
                locationId: form.uuid("locationId"), name: form.text("name"), description: form.text("description"),
                level: form.text("level"), capacity: form.integer("capacity", into: &validator))
            try validator.validate()
            let created = try await s.catalogue.createClass(input)
            return redirect(to: "/academy/admin/classes/\(created.id)", notice: String(format: r.text("ac_class_created", context), created.name))
        } catch let error as AppError {
            return try await classesPage(context, problem: error, values: form.values)
        }
    }

    func classDetail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await classPage(try context.uuidParameter("id"), context)
    }

    /// The class page. A refused form (`typed`, sent as `form`) is shown again with what was typed: the class's
    /// details, the new schedule (`form=schedule`), or a schedule's cancellation (`form=cancel`, open under its schedule).
    private func classPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let locale = context.locale
        let danceClass = try await s.catalogue.classView(id)
        let calendar = try await s.settings.current().calendar
        let clock = PageClock(calendar: calendar, context)
        let schedule = typed?["form"] == Self.scheduleForm ? typed?.values ?? [:] : [:]
        let cancelling = typed?["form"] == Self.cancelForm ? typed : nil
        let shown = danceClass.schedules.filter { !$0.isArchived }
        let upcoming = try await s.cancellations.upcoming(schedules: shown.map(\.id), calendar: calendar)
        var rows: [[String: Any]] = []
        for item in shown {
            let cancelled = upcoming[item.id] ?? []
            let typedHere = cancelling?.uuid("scheduleId") == item.id ? cancelling : nil
            rows.append([
                "id": item.id.uuidString, "weekdayName": AcademyStrings.weekday(item.weekday, locale), "startTime": item.startTime,
                "endTime": item.endTime, "enrolled": item.enrolled ?? 0, "cancelOpen": typedHere != nil,
                "cancelDate": typedHere?["date"] ?? "", "cancelReason": typedHere?["reason"] ?? "",
                "cancelled": cancelled.map { ["dateLabel": clock.day($0.date), "reason": $0.reason] }, "hasCancelled": !cancelled.isEmpty,
            ])
        }
        let details =
            typed.flatMap { $0["form"] == Self.scheduleForm || $0["form"] == Self.cancelForm ? nil : $0.values }
            ?? [
                "name": danceClass.name, "description": danceClass.description, "level": danceClass.level,
                "capacity": danceClass.capacity.map(String.init) ?? "",
            ]
        return r.page(
            "academy_admin_class", title: danceClass.name,
            [
                "class": danceClass, "details": details,
                "levels": StudentPages.levels(selected: details["level"], locale),
                "schedules": rows,
                "weekdays": (1...7).map {
                    ["value": $0, "label": AcademyStrings.weekday($0, locale), "selected": String($0) == schedule["weekday"]] as [String: Any]
                },
            ], context: context, problem: problem, values: schedule)
    }

    static let scheduleForm = "schedule"
    static let cancelForm = "cancel"

    /// Every form on the class page posts here, its own address: the class's details, a new schedule
    /// (`form=schedule`), or cancelling one session of a schedule (`form=cancel`, which asks first). Done, the page
    /// says so; refused, it is shown again here with what was typed.
    func saveClass(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            if form["form"] == Self.cancelForm {
                return try await cancelSession(classID: id, form, request, context)
            }
            if form["form"] == Self.scheduleForm {
                let weekday = form.integer("weekday", into: &validator)
                try validator.validate()
                _ = try await s.catalogue.addSchedule(
                    classID: id, .init(weekday: weekday, startTime: form.text("startTime"), endTime: form.text("endTime")))
                return redirect(to: "/academy/admin/classes/\(id)", notice: r.text("ac_schedule_added", context))
            }
            let capacity = form.integer("capacity", into: &validator)
            try validator.validate()
            let input = CatalogueService.ClassInput(
                name: form.text("name"), description: form["description"], level: form.text("level"), capacity: capacity)
            _ = try await s.catalogue.updateClass(id, input, clearCapacity: capacity == nil)
            return redirect(to: "/academy/admin/classes/\(id)", notice: r.text("ac_saved", context))
        } catch let error as AppError where error.status.code < 500 {
            return try await classPage(id, context, problem: error, typed: form)
        }
    }

    /// Cancels one session of one of the class's schedules: checked first (a refusal comes back to the form with
    /// what was typed), then asks, naming the day and how many students will be told; then cancels and says so.
    private func cancelSession(classID: UUID, _ form: FormBody, _ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let back = "/academy/admin/classes/\(classID)"
        // A schedule of another class is no schedule of this page.
        guard let scheduleID = form.uuid("scheduleId"), try await s.catalogue.schedule(scheduleID).$danceClass.id == classID else {
            throw CatalogueService.scheduleNotFound
        }
        let input = SessionCancellations.Input(date: form["date"], reason: form["reason"])
        let plan = try await s.cancellations.plan(schedule: scheduleID, input)
        let day = PageClock(calendar: plan.calendar, context).day(plan.date)
        let name = plan.schedule.danceClass.name
        let students = r.count(plan.recipients.count, "ac_n_students", context)
        if let ask = r.confirmation(
            form, request, context, question: String(format: r.text("ac_cancel_question", context), name, day),
            consequences: [
                String(format: r.text("ac_cancel_line", context), name, day, ClockTime.text(plan.schedule.startMinute)),
                String(format: r.text("ac_cancel_notify_line", context), students, plan.reason),
            ],
            action: r.text("ac_yes_cancel", context), back: back)
        {
            return ask
        }
        let done = try await s.cancellations.cancel(schedule: scheduleID, input, actor: try context.requirePrincipal().accountID)
        return redirect(
            to: back, notice: String(format: r.text("ac_cancelled_notice", context), r.count(done.notified ?? 0, "ac_n_students", context)))
    }

    /// Asks first, naming the class and how many schedules and enrolled students it has.
    func deleteClass(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let danceClass = try await s.catalogue.classView(id)
        let schedules = danceClass.schedules.filter { !$0.isArchived }
        let enrolled = schedules.reduce(0) { $0 + ($1.enrolled ?? 0) }
        var consequences = [
            String(format: r.text("ac_delete_class_line", context), danceClass.name, r.count(schedules.count, "ac_n_schedules", context)),
            r.text("ac_delete_history_line", context),
        ]
        if enrolled > 0 {
            consequences.insert(String(format: r.text("ac_still_enrolled_line", context), r.count(enrolled, "ac_n_students", context)), at: 0)
        }
        if let ask = r.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: r.text("ac_delete_class_question", context), danceClass.name), consequences: consequences,
            action: r.text("ac_yes_delete", context), back: "/academy/admin/classes/\(id)")
        {
            return ask
        }
        do {
            let outcome = try await s.catalogue.deleteClass(id)
            return redirect(to: "/academy/admin/classes", notice: r.text(outcome == .archived ? "ac_archived_notice" : "ac_deleted", context))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/academy/admin/classes/\(id)", alert: r.message(error, context))
        }
    }

    /// Asks first, naming the day and time and how many students are enrolled in it.
    func deleteSchedule(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let schedule = try await s.catalogue.schedule(id)
        let classID = schedule.$danceClass.id
        let enrolled = try await s.catalogue.classView(classID).schedules.first { $0.id == id }?.enrolled ?? 0
        let when = "\(AcademyStrings.weekday(schedule.weekday, context.locale)) \(ClockTime.text(schedule.startMinute))"
        var consequences = [
            String(format: r.text("ac_delete_schedule_line", context), when, schedule.danceClass.name), r.text("ac_delete_history_line", context),
        ]
        if enrolled > 0 {
            consequences.insert(String(format: r.text("ac_still_enrolled_line", context), r.count(enrolled, "ac_n_students", context)), at: 0)
        }
        if let ask = r.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: r.text("ac_delete_schedule_question", context), when, schedule.danceClass.name), consequences: consequences,
            action: r.text("ac_yes_delete", context), back: "/academy/admin/classes/\(classID)")
        {
            return ask
        }
        return try await removing(back: "/academy/admin/classes/\(classID)", context) { try await s.catalogue.deleteSchedule(id) }
    }

    func sessionAttendance(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let schedule = try await s.catalogue.schedule(id)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        let date = request.uri.queryParameters["date"].map(String.init).flatMap { LocalDate($0) != nil ? $0 : nil }
        var attendees: [AttendanceView] = []
        if let date { attendees = try await s.attendance.session(schedule: id, date: date) }
        return r.page(
            "academy_session", title: schedule.danceClass.name,
            [
                "className": schedule.danceClass.name, "weekdayName": AcademyStrings.weekday(schedule.weekday, context.locale),
                "startTime": ClockTime.text(schedule.startMinute), "scheduleId": id.uuidString, "date": date ?? "",
                "dateLabel": date.map(clock.day) ?? "", "hasDate": date != nil,
                "attendees": attendees.map {
                    ["studentId": $0.studentId.uuidString, "studentName": $0.studentName, "time": clock.time($0.checkedInAt)]
                },
                "dates": try await s.attendance.sessionDates(schedule: id).map {
                    ["date": $0.date, "dateLabel": clock.day($0.date), "attendees": $0.attendees, "scheduleId": id.uuidString] as [String: Any]
                },
            ], context: context)
    }

    // MARK: Packs

    func packs(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await packsPage(context)
    }

    private func packsPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:]) async throws -> Response {
        let packs = try await s.catalogue.packs(includeArchived: false)
        let locale = context.locale
        return r.page(
            "academy_packs", title: r.text("ac_packs", context),
            [
                "currency": try await s.settings.current().currency,
                "packs": packs.map {
                    [
                        "id": $0.id.uuidString, "name": $0.name, "classes": $0.classes,
                        "priceText": PageFormat.money($0.price, currency: $0.currency, locale: locale),
                        "validDays": $0.validDays.map(String.init) ?? "—",
                    ] as [String: Any]
                },
            ], context: context, problem: problem, values: values)
    }

    func createPack(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = CatalogueService.PackInput(
                name: form.text("name"), classes: form.integer("classes", into: &validator),
                price: form.money("price", into: &validator), validDays: form.integer("validDays", into: &validator))
            try validator.validate()
            let created = try await s.catalogue.createPack(input)
            return redirect(to: "/academy/admin/packs", notice: String(format: r.text("ac_pack_created", context), created.name))
        } catch let error as AppError {
            return try await packsPage(context, problem: error, values: form.values)
        }
    }

    /// Asks first, naming the pack with its classes and price.
    func deletePack(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let pack = PackView(try await s.catalogue.pack(id), currency: try await s.settings.current().currency)
        let price = PageFormat.money(pack.price, currency: pack.currency, locale: context.locale)
        if let ask = r.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: r.text("ac_delete_pack_question", context), pack.name),
            consequences: [
                String(format: r.text("ac_delete_pack_line", context), pack.name, r.count(pack.classes, "ac_n_classes", context), price),
                r.text("ac_delete_pack_history_line", context),
            ],
            action: r.text("ac_yes_delete", context), back: "/academy/admin/packs")
        {
            return ask
        }
        return try await removing(back: "/academy/admin/packs", context) { try await s.catalogue.deletePack(id) }
    }
}
