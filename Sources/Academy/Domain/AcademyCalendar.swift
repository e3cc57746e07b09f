import Foundation
import PatioCore

/// Wall-clock arithmetic in the academy's time zone: schedules are "Tuesday 19:00 in Lima", whatever the
/// server's zone, and daylight-saving changes move the instant, not the class.
struct AcademyCalendar: Sendable {
    let timeZone: TimeZone
    let calendar: Calendar

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        self.calendar = calendar
    }

    /// `yyyy-MM-dd` of the instant, in the academy's zone.
    func day(of date: Date) -> String {
        LocalDate(date, in: timeZone).description
    }

    /// 1 = Monday … 7 = Sunday.
    func weekday(of date: Date) -> Int {
        (calendar.component(.weekday, from: date) + 5) % 7 + 1
    }

    /// The instant a session of `day` starts at `minute` after local midnight.
    func instant(day: String, minute: Int) -> Date? {
        guard let parts = LocalDate(day) else { return nil }
        var components = DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: minute / 60, minute: minute % 60)
        components.timeZone = timeZone
        return calendar.date(from: components)
    }

    /// `day` moved by `days`.
    func adding(days: Int, to day: String) -> String {
        LocalDate(day)?.adding(days: days).description ?? day
    }

    func weekday(ofDay day: String) -> Int {
        LocalDate(day)?.weekday ?? 1
    }

    /// Monday and Sunday of the week holding `date`.
    func week(of date: Date) -> (monday: String, sunday: String) {
        let today = day(of: date)
        let monday = adding(days: 1 - weekday(of: date), to: today)
        return (monday, adding(days: 6, to: monday))
    }

    /// The next `count` dates (from today on) a weekly slot happens whose session has not ended yet.
    func nextSessions(weekday slot: Int, endMinute: Int, after now: Date, count: Int) -> [String] {
        var day = self.day(of: now)
        var found: [String] = []
        for _ in 0..<(7 * count + 7) where found.count < count {
            if weekday(ofDay: day) == slot, let end = instant(day: day, minute: endMinute), end > now { found.append(day) }
            day = adding(days: 1, to: day)
        }
        return found
    }
}

/// A calendar date typed as `yyyy-MM-dd`.
/// `HH:mm` ⇄ minutes after midnight.
enum ClockTime {
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard text.count == 5, parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    static func text(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
