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
                    ["startTime": $0.startTime, "endTime": $0.endTime, "className": $0.className, "checkedIn": $0.checkedIn, "expected": $0.expected,
                     "attendees": $0.attendees.map { ["studentName": $0.studentName, "time": clock.time($0.checkedInAt)] }] as [String: Any]
                },
            ])
        }
        let dateLabel = date.isEmpty ? clock.day(of: Date()) : clock.day(date)
        return r.page("academy_admin", title: r.text("ac_today", context), ["date": dateLabel, "locations": locations], context: context)
    }

    // MARK: Settings

    func settings(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await settingsPage(context, problem: nil, values: nil, notice: nil)
    }

    private func settingsPage(_ context: PatioRequestContext, problem: AppError?, values: [String: String]?, notice: String?) async throws -> Response {
        let current = try await s.settings.current()
        let shown = values ?? [
            "name": current.name, "timeZone": current.timeZone, "currency": current.currency,
            "checkInOpensMinutesBefore": String(current.checkInOpensMinutesBefore), "checkInClosesMinutesAfterEnd": String(current.checkInClosesMinutesAfterEnd),
        ]
        return r.page("academy_settings", title: r.text("ac_settings", context), ["values": shown], context: context, problem: problem, notice: notice)
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
            return try await settingsPage(context, problem: nil, values: nil, notice: r.text("ac_saved", context))
        } catch let error as AppError {
            return try await settingsPage(context, problem: error, values: form.values, notice: nil)
        }
    }

    // MARK: Sedes

    func locations(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await locationsPage(context)
    }

    private func locationsPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil) async throws -> Response {
        let locations = try await s.catalogue.locations(includeArchived: true)
        return r.page("academy_locations", title: r.text("ac_locations", context), [
            "locations": locations.map { ["id": $0.id.uuidString, "name": $0.name, "address": $0.address, "isArchived": $0.isArchived] },
        ], context: context, problem: problem, values: values, notice: notice)
    }

    func createLocation(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.catalogue.createLocation(.init(name: form.text("name"), address: form.text("address")))
            return redirect(to: "/academy/admin/locations")
        } catch let error as AppError {
            return try await locationsPage(context, problem: error, values: form.values)
        }
    }

    func updateLocation(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.catalogue.updateLocation(try context.uuidParameter("id"), .init(name: form.text("name"), address: form.text("address")))
            return redirect(to: "/academy/admin/locations")
        } catch let error as AppError {
            return try await locationsPage(context, problem: error)
        }
    }

    func deleteLocation(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        do {
            let outcome = try await s.catalogue.deleteLocation(try context.uuidParameter("id"))
            return try await locationsPage(context, notice: r.text(outcome == .archived ? "ac_archived_notice" : "ac_deleted", context))
        } catch let error as AppError {
            return try await locationsPage(context, problem: error)
        }
    }

    /// The room screen: a large QR code that the page itself replaces when its window ends.
    func roomScreen(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let location = try await s.catalogue.location(id)
        let code = try await s.checkIns.code(location: id, baseURL: AcademyAPI.baseURL(request, services: s))
        let svg = try QRCode(text: code.url).svg(title: location.name)
        return r.page("academy_qr", title: location.name, [
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
        return r.page("academy_admin_classes", title: r.text("ac_classes", context), [
            "classes": classes.map { danceClass in
                ["id": danceClass.id.uuidString, "name": danceClass.name, "levelLabel": AcademyStrings.level(danceClass.level, locale),
                 "isArchived": danceClass.isArchived, "locationName": danceClass.locationName,
                 "scheduleSummary": danceClass.schedules.filter { !$0.isArchived }.map { "\(AcademyStrings.weekday($0.weekday, locale)) \($0.startTime)" }.joined(separator: ", ")] as [String: Any]
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
            let input = CatalogueService.ClassInput(locationId: form.uuid("locationId"), name: form.text("name"), description: form.text("description"),
                                                    level: form.text("level"), capacity: form.integer("capacity", into: &validator))
            try validator.validate()
            let created = try await s.catalogue.createClass(input)
            return redirect(to: "/academy/admin/classes/\(created.id)")
        } catch let error as AppError {
            return try await classesPage(context, problem: error, values: form.values)
        }
    }

    func classDetail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await classPage(try context.uuidParameter("id"), context)
    }

    private func classPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil) async throws -> Response {
        let locale = context.locale
        let danceClass = try await s.catalogue.classView(id)
        return r.page("academy_admin_class", title: danceClass.name, [
            "class": danceClass,
            "levels": StudentPages.levels(selected: danceClass.level, locale),
            "schedules": danceClass.schedules.filter { !$0.isArchived }.map {
                ["id": $0.id.uuidString, "weekdayName": AcademyStrings.weekday($0.weekday, locale), "startTime": $0.startTime, "endTime": $0.endTime, "enrolled": $0.enrolled ?? 0] as [String: Any]
            },
            "weekdays": (1...7).map { ["value": $0, "label": AcademyStrings.weekday($0, locale)] },
        ], context: context, problem: problem, values: values, notice: notice)
    }

    func updateClass(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let capacity = form.integer("capacity", into: &validator)
            try validator.validate()
            let input = CatalogueService.ClassInput(name: form.text("name"), description: form["description"], level: form.text("level"), capacity: capacity)
            _ = try await s.catalogue.updateClass(id, input, clearCapacity: capacity == nil)
            return try await classPage(id, context, notice: r.text("ac_saved", context))
        } catch let error as AppError {
            return try await classPage(id, context, problem: error)
        }
    }

    func deleteClass(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        do {
            _ = try await s.catalogue.deleteClass(id)
            return redirect(to: "/academy/admin/classes")
        } catch let error as AppError {
            return try await classPage(id, context, problem: error)
        }
    }

    func addSchedule(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let weekday = form.integer("weekday", into: &validator)
            try validator.validate()
            _ = try await s.catalogue.addSchedule(classID: id, .init(weekday: weekday, startTime: form.text("startTime"), endTime: form.text("endTime")))
            return redirect(to: "/academy/admin/classes/\(id)")
        } catch let error as AppError {
            return try await classPage(id, context, problem: error, values: form.values)
        }
    }

    func deleteSchedule(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let classID = try await s.catalogue.schedule(id).$danceClass.id
        do {
            _ = try await s.catalogue.deleteSchedule(id)
            return redirect(to: "/academy/admin/classes/\(classID)")
        } catch let error as AppError {
            return try await classPage(classID, context, problem: error)
        }
    }

    func sessionAttendance(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let schedule = try await s.catalogue.schedule(id)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        let date = request.uri.queryParameters["date"].map(String.init).flatMap { LocalDate($0) != nil ? $0 : nil }
        var attendees: [AttendanceView] = []
        if let date { attendees = try await s.attendance.session(schedule: id, date: date) }
        return r.page("academy_session", title: schedule.danceClass.name, [
            "className": schedule.danceClass.name, "weekdayName": AcademyStrings.weekday(schedule.weekday, context.locale),
            "startTime": ClockTime.text(schedule.startMinute), "scheduleId": id.uuidString, "date": date ?? "", "dateLabel": date.map(clock.day) ?? "", "hasDate": date != nil,
            "attendees": attendees.map { ["studentId": $0.studentId.uuidString, "studentName": $0.studentName, "time": clock.time($0.checkedInAt)] },
            "dates": try await s.attendance.sessionDates(schedule: id).map { ["date": $0.date, "dateLabel": clock.day($0.date), "attendees": $0.attendees, "scheduleId": id.uuidString] as [String: Any] },
        ], context: context)
    }

    // MARK: Packs

    func packs(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await packsPage(context)
    }

    private func packsPage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil) async throws -> Response {
        let packs = try await s.catalogue.packs(includeArchived: false)
        let locale = context.locale
        return r.page("academy_packs", title: r.text("ac_packs", context), [
            "currency": try await s.settings.current().currency,
            "packs": packs.map { ["id": $0.id.uuidString, "name": $0.name, "classes": $0.classes, "priceText": PageFormat.money($0.price, currency: $0.currency, locale: locale),
                                  "validDays": $0.validDays.map(String.init) ?? "—"] as [String: Any] },
        ], context: context, problem: problem, values: values, notice: notice)
    }

    func createPack(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            var validator = Validator()
            let input = CatalogueService.PackInput(name: form.text("name"), classes: form.integer("classes", into: &validator),
                                                   price: form.money("price", into: &validator), validDays: form.integer("validDays", into: &validator))
            try validator.validate()
            _ = try await s.catalogue.createPack(input)
            return redirect(to: "/academy/admin/packs")
        } catch let error as AppError {
            return try await packsPage(context, problem: error, values: form.values)
        }
    }

    func deletePack(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        do {
            let outcome = try await s.catalogue.deletePack(try context.uuidParameter("id"))
            return try await packsPage(context, notice: r.text(outcome == .archived ? "ac_archived_notice" : "ac_deleted", context))
        } catch let error as AppError {
            return try await packsPage(context, problem: error)
        }
    }
}
