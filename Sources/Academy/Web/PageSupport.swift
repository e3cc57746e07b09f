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

extension FormBody {
    /// The submitted fields as plain strings, to show a refused form again.
    var values: [String: String] {
        fields.compactMapValues(\.first).filter { $0.key != "_csrf" && $0.key != "password" }
    }

    /// A whole number field; empty means absent, anything else unreadable is reported on the field.
    func integer(_ name: String, into validator: inout Validator) -> Int? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            validator.add(name, "Enter a whole number.")
            return nil
        }
        return value
    }

    /// An amount typed in major units ("120", "120.5", "120,50") as minor units.
    func money(_ name: String, into validator: inout Validator) -> Int? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard let value = Money.minorUnits(text) else {
            validator.add(name, "Enter an amount such as 120.00.")
            return nil
        }
        return value
    }

    func uuid(_ name: String) -> UUID? { text(name).flatMap(UUID.init(uuidString:)) }
}

extension Money {
    /// Parses "120", "120.5", "120,50" into minor units; nil for anything else.
    static func minorUnits(_ text: String) -> Int? {
        let normalised = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = normalised.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0, whole < 10_000_000 else { return nil }
        guard parts.count == 2 else { return whole * 100 }
        let fraction = String(parts[1])
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isNumber), let cents = Int(fraction.count == 1 ? fraction + "0" : fraction) else { return nil }
        return whole * 100 + cents
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
