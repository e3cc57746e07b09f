import Foundation

/// A calendar day (`yyyy-MM-dd`) with no time zone: a due date, a start date, a day of classes. Days
/// compare and sort as their text does.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// Parses `yyyy-MM-dd`, refusing impossible days (`2026-02-30`).
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
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

    /// The first and last day of this day's month.
    public var monthSpan: (first: LocalDate, last: LocalDate) {
        let first = LocalDate(String(format: "%04d-%02d-01", year, month))!
        let next = month == 12 ? LocalDate(String(format: "%04d-01-01", year + 1))! : LocalDate(String(format: "%04d-%02d-01", year, month + 1))!
        return (first, next.adding(days: -1))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.description < rhs.description }
}
