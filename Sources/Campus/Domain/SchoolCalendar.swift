import Foundation
import PatioCore

/// The school's clock: its dates and class times are Mexico City's.
enum SchoolCalendar {
    /// Mexico City has kept UTC−6 all year since 2022.
    static let zone = TimeZone(identifier: "America/Mexico_City") ?? TimeZone(secondsFromGMT: -6 * 3600) ?? .current

    static func today(_ clock: PatioClock) -> LocalDate { LocalDate(clock.now(), in: zone) }

    /// Minutes after midnight, school time.
    static func minutesNow(_ clock: PatioClock) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: clock.now())
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    /// The instant `date` at `minutes` school time.
    static func instant(_ date: LocalDate, minutes: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: minutes / 60, minute: minutes % 60))
            ?? Date(timeIntervalSince1970: 0)
    }
}
