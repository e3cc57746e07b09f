import Foundation
import Hummingbird
import PatioCore
import PatioWeb

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
