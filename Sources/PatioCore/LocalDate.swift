import Foundation

/// A calendar day (`yyyy-MM-dd`) with no time zone: a due date, a start date, a day of classes. Days
/// compare and sort as their text does.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// Parses `yyyy-MM-dd`, refusing impossible days (`2026-02-30`).
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = Calendar(identifier: .gregorian)
        guard components.isValidDate else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The day it is at `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        (year, month, day) = (parts.year!, parts.month!, parts.day!)
    }

    public var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    /// This day moved by `days` (negative goes back).
    public func adding(days: Int) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return LocalDate(calendar.date(byAdding: .day, value: days, to: noon)!, in: calendar.timeZone)
    }

    /// Whole days from this day to `other` (negative when `other` comes first).
    public func days(until other: LocalDate) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = { (day: LocalDate) in calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)) }
        guard let from = noon(self), let to = noon(other) else { return 0 }
        return calendar.dateComponents([.day], from: from, to: to).day ?? 0
    }

    /// The first and last day of this day's month.
    /// Built from this day's own month, never by parsing the next month's first day: December 2200 has no
    /// next month that `init?(_:)` accepts.
    public var monthSpan: (first: LocalDate, last: LocalDate) {
        (LocalDate(valid: year, month, 1), LocalDate(valid: year, month, Self.days(inMonth: month, of: year)))
    }

    /// How many days `month` has in `year` (gregorian: leap years every 4, except centuries not divisible by 400).
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// A day already known to exist.
    private init(valid year: Int, _ month: Int, _ day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.description < rhs.description }
}
