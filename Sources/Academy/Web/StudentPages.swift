import Foundation
import Hummingbird
import PatioCore
import PatioWeb
import SVGChart

/// The public class browser and the student's own pages: my classes, my attendance, check-in.
struct StudentPages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    func landing(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        if context.principal?.has(role: AcademyRoles.admin) == true { return redirect(to: "/academy/admin") }
        if context.principal?.has(role: AcademyRoles.student) == true { return redirect(to: "/academy/me") }
        return redirect(to: "/academy/classes")
    }

    func browse(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let (locationID, level) = (try? AcademyAPI.classFilter(request)) ?? (nil, nil)
        let locale = context.locale
        let locations = try await s.catalogue.locations(includeArchived: false)
        let classes = try await s.catalogue.classes(locationID: locationID, level: level, includeArchived: false)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        return r.page(
            "academy_classes", title: r.text("ac_browse_title", context),
            [
                "locations": locations.map { ["id": $0.id.uuidString, "name": $0.name, "selected": $0.id == locationID] },
                "levels": Self.levels(selected: level, locale),
                "classes": classes.map { danceClass in
                    [
                        "name": danceClass.name, "levelLabel": AcademyStrings.level(danceClass.level, locale),
                        "locationName": danceClass.locationName,
                        "capacity": danceClass.capacity as Any, "description": danceClass.description,
                        "schedules": danceClass.schedules.map {
                            [
                                "weekdayName": AcademyStrings.weekday($0.weekday, locale), "startTime": $0.startTime, "endTime": $0.endTime,
                                "next": ($0.nextSessions ?? []).first.map(clock.day) as Any,
                            ]
                        },
                    ] as [String: Any]
                },
            ], context: context)
    }

    static func levels(selected: String?, _ locale: PatioLocale) -> [[String: Any]] {
        ClassLevel.allCases.map { ["value": $0.rawValue, "label": AcademyStrings.level($0.rawValue, locale), "selected": $0.rawValue == selected] }
    }

    func myClasses(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let me = try await AcademyAPI.me(context, services: s)
        let classes = try await s.attendance.myClasses(student: me.id)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        let days = Dictionary(grouping: classes, by: \.weekday).sorted { $0.key < $1.key }.map { day, items in
            [
                "weekdayName": AcademyStrings.weekday(day, context.locale),
                "classes": items.map {
                    [
                        "className": $0.className, "levelLabel": AcademyStrings.level($0.level, context.locale), "startTime": $0.startTime,
                        "endTime": $0.endTime, "locationName": $0.locationName, "remainingClasses": $0.remainingClasses,
                        "attendedThisWeek": $0.attendedThisWeek, "nextSession": $0.nextSession.map(clock.day) as Any,
                        "expiry": $0.nextExpiry.map(clock.day(of:)) as Any,
                    ] as [String: Any]
                },
            ] as [String: Any]
        }
        return r.page("academy_me", title: r.text("ac_my_classes", context), ["days": days], context: context)
    }

    func history(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let me = try await AcademyAPI.me(context, services: s)
        let history = try await s.attendance.history(student: me.id)
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        let chart = BarChart(
            title: r.text("ac_chart_title", context),
            points: history.byMonth.map {
                ChartPoint(
                    label: PageFormat.month($0.month, locale: context.locale), value: Double($0.attendances), valueLabel: String($0.attendances))
            },
            colour: r.accent, emptyMessage: r.text("ac_chart_empty", context)
        ).svg()
        return r.page(
            "academy_history", title: r.text("ac_my_attendance", context),
            [
                "hasItems": !history.items.isEmpty, "chart": chart,
                "items": history.items.map {
                    [
                        "sessionDate": clock.day($0.sessionDate), "className": $0.className, "locationName": $0.locationName,
                        "time": clock.time($0.checkedInAt),
                    ]
                },
            ], context: context)
    }

    func checkInForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let token = request.uri.queryParameters["t"].map(String.init) ?? ""
        return r.page("academy_checkin", title: r.text("ac_checkin_title", context), ["token": token], context: context)
    }

    func checkIn(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let result = try await s.checkIns.checkIn(try context.requirePrincipal(), token: form.text("t") ?? "")
            let attendance = result.attendance
            return r.page(
                "academy_checkin_result", title: r.text("ac_checked_in", context),
                [
                    "ok": true, "className": attendance.className, "locationName": attendance.locationName,
                    "startTime": attendance.startTime, "endTime": attendance.endTime, "remaining": result.remainingClasses,
                ], context: context)
        } catch let error as AppError where error.status.code < 500 {
            return r.page(
                "academy_checkin_result", title: r.text("ac_checkin_failed", context),
                [
                    "ok": false, "heading": r.text("ac_checkin_failed", context), "message": r.message(error, context), "code": error.code,
                ], context: context, status: error.status)
        }
    }
}
