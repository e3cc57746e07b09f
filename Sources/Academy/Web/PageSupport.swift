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
        if let status, problem == nil {
            return web.page(template, title: title, data: data.merging(["values": values]) { old, _ in old }, context: context, status: status, accent: Self.accent)
        }
        return web.formPage(template, title: title, data: data, context: context, problem: problem, values: values, notice: notice,
                            accent: Self.accent) { AcademyMessages.text($0, context.locale) }
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
