import Foundation
import PatioCore
import Testing

@Suite("Local dates: month spans")
struct LocalDateTests {
    private func span(_ text: String) throws -> String {
        let span = try #require(LocalDate(text)).monthSpan
        return "\(span.first) \(span.last)"
    }

    @Test("December 2200, the last month Patio accepts, spans the 1st to the 31st")
    func lastAcceptedMonth() throws {
        #expect(try span("2200-12-15") == "2200-12-01 2200-12-31")
        #expect(try span("1900-01-01") == "1900-01-01 1900-01-31")
    }

    @Test("February has 29 days in leap years, 28 otherwise, and centuries leap only every 400 years")
    func february() throws {
        #expect(try span("2028-02-10") == "2028-02-01 2028-02-29")
        #expect(try span("2027-02-10") == "2027-02-01 2027-02-28")
        #expect(try span("2000-02-29") == "2000-02-01 2000-02-29")
        #expect(try span("2100-02-01") == "2100-02-01 2100-02-28")
    }

    @Test("every month from 1900 to 2200 ends on the last day the calendar accepts")
    func everyMonth() throws {
        for year in 1900...2200 {
            for month in 1...12 {
                let first = try #require(LocalDate(String(format: "%04d-%02d-01", year, month)))
                let last = first.monthSpan.last
                #expect(LocalDate(last.description) == last)
                #expect(last.adding(days: 1).day == 1 || (year, month) == (2200, 12))
            }
        }
    }
}

@Suite("Local dates: arithmetic agrees with Foundation's Gregorian calendar")
struct LocalDateArithmeticTests {
    private static let utc = TimeZone(identifier: "UTC")!

    private static var gregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }

    private static func noon(_ day: LocalDate) -> Date {
        gregorian.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
    }

    @Test("every day from 1900 to 2200: its text reads back, the next day is the calendar's, its weekday is the calendar's")
    func everyDay() throws {
        var day = try #require(LocalDate("1900-01-01"))
        let last = try #require(LocalDate("2200-12-31"))
        var count = 0
        while day < last {
            let next = day.adding(days: 1)
            let expected = Self.gregorian.dateComponents([.year, .month, .day, .weekday], from: Self.noon(day).addingTimeInterval(86_400))
            #expect(
                (next.year, next.month, next.day) == (expected.year!, expected.month!, expected.day!), "after \(day)")
            #expect(LocalDate(day.description) == day)
            let weekday = Self.gregorian.component(.weekday, from: Self.noon(day))
            #expect(day.weekday == (weekday + 5) % 7 + 1, "\(day)")
            #expect(day.days(until: next) == 1 && next.days(until: day) == -1)
            day = next
            count += 1
        }
        #expect(count == 109_937)  // Python: (date(2200, 12, 31) - date(1900, 1, 1)).days
    }

    // Foundation's calendar is Julian before October 1582; Patio's days are proleptic Gregorian, so moves stay after it.
    @Test("random moves of up to a thousand years on, or 270 back, land where the calendar lands, and days(until:) measures them back")
    func randomMoves() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let start = LocalDate(Date(timeIntervalSince1970: Double.random(in: -2_208_988_800...7_258_118_400, using: &generator)), in: Self.utc)
            let days = Int.random(in: -100_000...365_000, using: &generator)
            let moved = start.adding(days: days)
            let expected = Self.gregorian.dateComponents(
                [.year, .month, .day], from: Self.gregorian.date(byAdding: .day, value: days, to: Self.noon(start))!)
            #expect((moved.year, moved.month, moved.day) == (expected.year!, expected.month!, expected.day!), "\(start) + \(days)")
            #expect(start.days(until: moved) == days)
        }
    }

    @Test("the day of an instant is the day in that zone: just before and after midnight in Lima, Tokyo and Kiritimati")
    func dayInZone() throws {
        var generator = SystemRandomNumberGenerator()
        for zone in ["America/Lima", "Asia/Tokyo", "Pacific/Kiritimati", "America/Mexico_City", "Europe/Madrid"] {
            let timeZone = try #require(TimeZone(identifier: zone))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            for _ in 0..<500 {
                let instant = Date(timeIntervalSince1970: Double.random(in: 0...4_102_444_800, using: &generator).rounded(.down))
                let parts = calendar.dateComponents([.year, .month, .day], from: instant)
                let day = LocalDate(instant, in: timeZone)
                #expect((day.year, day.month, day.day) == (parts.year!, parts.month!, parts.day!), "\(instant) in \(zone)")
            }
        }
    }

    @Test("text that is not yyyy-MM-dd with digits, or names no day, is refused; out-of-range moves never trap")
    func refusals() {
        for text in [
            "2026-02-30", "2026-+1-01", "2026-1-011", "2026/01/01", "2026-01-1", "2026-01-011", "１２３４-01-01", "1899-12-31", "2201-01-01", "",
        ] {
            #expect(LocalDate(text) == nil, "\(text)")
        }
        let day = LocalDate("2026-11-29")!
        #expect(day.adding(days: .max).year > 1_000_000 && day.adding(days: .min).year < -1_000_000)
        #expect(LocalDate(.distantFuture, in: Self.utc).year == 4001 && LocalDate(Date(timeIntervalSince1970: .infinity), in: Self.utc).year > 0)
    }
}
