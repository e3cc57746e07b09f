import Foundation

/// A calendar day (`yyyy-MM-dd`) with no time zone: a due date, a start date, a day of classes. Days
/// compare and sort as their text does.
///
/// Days are counted on the proleptic Gregorian calendar by arithmetic alone (days since 1970-01-01, the
/// civil-from-days conversion): a check-in works out yesterday, today and tomorrow, and building a `Calendar` and
/// formatting with `String(format:)` for each was a tenth of its time.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// Parses `yyyy-MM-dd` (years 1900 to 2200), refusing impossible days (`2026-02-30`) and anything but digits
    /// where digits go.
    public init?(_ text: String) {
        var utf8 = text.utf8.makeIterator()
        var digits: [Int] = []
        digits.reserveCapacity(8)
        var place = 0
        while let byte = utf8.next() {
            defer { place += 1 }
            if place == 4 || place == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard place < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            digits.append(Int(byte - UInt8(ascii: "0")))
        }
        guard place == 10 else { return nil }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        let month = digits[4] * 10 + digits[5]
        let day = digits[6] * 10 + digits[7]
        guard (1900...2200).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The day it is at `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let seconds = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        // Beyond a million years either way a `Date` is no day anyone keeps; clamped, nothing here can overflow.
        let limit = 3.2e13
        let days = (min(max(seconds, -limit), limit) / 86_400).rounded(.down)
        self.init(daysSince1970: Int(days))
    }

    public var description: String {
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        var text: [UInt8] = []
        text.reserveCapacity(10)
        for (value, width) in [(year, 4), (month, 2), (day, 2)] {
            if !text.isEmpty { text.append(UInt8(ascii: "-")) }
            var divisor = width == 4 ? 1000 : 10
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// This day moved by `days` (negative goes back).
    public func adding(days: Int) -> LocalDate {
        // Clamped to a million years either way, so the sum cannot overflow.
        let limit = 400_000_000
        return LocalDate(daysSince1970: daysSince1970 + min(max(days, -limit), limit))
    }

    /// Whole days from this day to `other` (negative when `other` comes first).
    public func days(until other: LocalDate) -> Int {
        other.daysSince1970 - daysSince1970
    }

    /// The day of the week, ISO-numbered: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let sinceMonday = (daysSince1970 + 3) % 7
        return (sinceMonday < 0 ? sinceMonday + 7 : sinceMonday) + 1
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

    /// Days from 1970-01-01 to this day: the year counted from March, so the leap day falls last, and in eras of
    /// 400 years (146,097 days), which repeat exactly.
    var daysSince1970: Int {
        let year = month <= 2 ? self.year - 1 : self.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01; the inverse of `daysSince1970`.
    init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        self.init(valid: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }
}
