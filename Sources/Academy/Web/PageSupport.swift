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

/// Dates, times and money for pages: in the academy's time zone, written the reader's way (PageFormat).
struct PageClock {
    let calendar: AcademyCalendar
    let locale: PatioLocale

    init(calendar: AcademyCalendar, _ context: PatioRequestContext) {
        self.calendar = calendar
        self.locale = context.locale
    }

    func time(_ date: Date) -> String { PageFormat.time(date, in: calendar.timeZone) }

    func dateTime(_ date: Date) -> String { PageFormat.dateTime(date, in: calendar.timeZone, locale: locale) }

    /// The academy day an instant falls on.
    func day(of date: Date) -> String { PageFormat.date(date, in: calendar.timeZone, locale: locale) }

    /// A `yyyy-MM-dd` academy day.
    func day(_ text: String) -> String { PageFormat.date(text, locale: locale) }

    /// Text that may mention days (a ledger line's note names the class day), with each day written out.
    func mentioningDays(_ text: String) -> String {
        text.replacing(/\b\d{4}-\d{2}-\d{2}\b/) { day(String($0.output)) }
    }

    func money(_ minor: Int, _ currency: String) -> String { PageFormat.money(minor, currency: currency, locale: locale) }
}
