import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// What every academy page shares: the accent colour, the sub-navigation for the caller's roles, and how a
/// refused form is shown again with its messages and the values typed in.
struct AcademyPageRenderer: Sendable {
    let web: WebRenderer
    static let accent = "#b4235a"

    func page(_ template: String, title: String, _ data: [String: Any], context: PatioRequestContext,
              problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil, status: HTTPResponse.Status? = nil) -> Response {
        var data = data
        data["isAdmin"] = context.principal?.has(role: AcademyRoles.admin) ?? false
        data["isStudent"] = context.principal?.has(role: AcademyRoles.student) ?? false
        if data["values"] == nil { data["values"] = values }
        if let problem {
            data["message"] = AcademyMessages.text(problem, context.locale)
            data["errors"] = problem.fieldErrors.map { ["field": $0.field, "message": "\($0.field): \($0.message)"] }
        }
        if let notice { data["notice"] = notice }
        let code = status ?? (problem.map { $0.status.code >= 500 ? $0.status : .unprocessableContent } ?? .ok)
        return web.page(template, title: title, data: data, context: context, status: code, accent: Self.accent)
    }

    func text(_ key: String, _ context: PatioRequestContext) -> String {
        web.strings(context.locale)[key] ?? key
    }
}

/// Dates and times for pages, in the academy's time zone.
struct PageClock {
    let calendar: AcademyCalendar

    func time(_ date: Date) -> String {
        let parts = calendar.calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour!, parts.minute!)
    }

    func dateTime(_ date: Date) -> String { "\(calendar.day(of: date)) \(time(date))" }
}
