import Foundation
import PatioCore

/// How every page writes money and dates for its reader: one place, so no page prints `3577.00 MXN` or
/// `2026-11-23`. Spanish pages follow Mexican and Peruvian usage (`$3,577.00 MXN`, `lun 23 nov`), English
/// pages American usage (`$3,577.00 MXN`, `Mon, Nov 23`). Times are 24-hour in both, like the schedules.
public enum PageFormat {
    // MARK: Money

    /// Minor units with the currency's symbol and the reader's grouping: `$3,577.00 MXN`, `S/ 50.00`,
    /// `−€12.00`. The code follows the amount when the symbol alone could mean several currencies ($).
    /// The spaces inside are non-breaking, so a narrow screen never leaves `S/` at the end of a line.
    public static func money(_ minor: Int, currency: String, locale: PatioLocale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: localeIdentifier(locale))
        formatter.numberStyle = .decimal
        // Written digit by digit with the locale's separators: `magnitude`, not `abs` (abs(Int.min) does not fit
        // in an Int and would stop the process), and no Double on the way, so every minor unit is printed exactly.
        let units = String(minor.magnitude / 100), cents = minor.magnitude % 100
        let grouping = formatter.groupingSeparator ?? ",", decimal = formatter.decimalSeparator ?? "."
        var grouped = ""
        for (index, digit) in units.enumerated() {
            if index > 0 && (units.count - index) % 3 == 0 { grouped += grouping }
            grouped.append(digit)
        }
        let number = grouped + decimal + (cents < 10 ? "0" : "") + String(cents)
        let sign = minor < 0 ? "−" : ""
        guard let style = symbols[currency] else { return "\(sign)\(number)\(nbsp)\(currency)" }
        let written = sign + style.symbol + (style.spaced ? nbsp : "") + number
        return style.unique ? written : "\(written)\(nbsp)\(currency)"
    }

    /// A no-break space.
    public static let nbsp = "\u{00A0}"

    private static let symbols: [String: (symbol: String, spaced: Bool, unique: Bool)] = [
        "MXN": ("$", false, false), "USD": ("$", false, false), "CAD": ("$", false, false), "SGD": ("$", false, false),
        "COP": ("$", false, false), "PEN": ("S/", true, true), "EUR": ("€", false, true), "GBP": ("£", false, true),
        "RUB": ("₽", false, true), "EGP": ("E£", false, false), "ZAR": ("R", true, false), "PKR": ("Rs", true, false),
    ]

    /// A change as a signed percentage, one decimal: `+12.5 %` / `−40.4%`.
    public static func change(_ fraction: Double, locale: PatioLocale) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: localeIdentifier(locale))
        formatter.numberStyle = .percent
        formatter.minimumFractionDigits = 1
        formatter.maximumFractionDigits = 1
        let text = (formatter.string(from: NSNumber(value: abs(fraction))) ?? String(format: "%.1f%%", abs(fraction) * 100))
            .replacingOccurrences(of: " ", with: nbsp)
        return (fraction < 0 ? "−" : "+") + text
    }

    // MARK: Dates

    /// A calendar day: `lun 23 nov` / `Mon, Nov 23`, with the year when it is not this year's.
    public static func date(_ day: LocalDate, locale: PatioLocale, today: LocalDate = LocalDate(Date(), in: .gmt)) -> String {
        let withYear = day.year != today.year
        let pattern = switch locale {
        case .es: withYear ? "EEE d MMM yyyy" : "EEE d MMM"
        case .en: withYear ? "EEE, MMM d, yyyy" : "EEE, MMM d"
        }
        return format(noon(of: day), pattern, locale, .gmt)
    }

    /// A `yyyy-MM-dd` day as `date(_:)` writes it; any other text comes back as it is.
    public static func date(_ text: String, locale: PatioLocale) -> String {
        LocalDate(text).map { date($0, locale: locale) } ?? text
    }

    /// The day an instant falls on in `timeZone`.
    public static func date(_ instant: Date, in timeZone: TimeZone, locale: PatioLocale) -> String {
        date(LocalDate(instant, in: timeZone), locale: locale, today: LocalDate(Date(), in: timeZone))
    }

    /// A day without its weekday, for chart labels and ranges: `23 nov` / `Nov 23`.
    public static func shortDate(_ day: LocalDate, locale: PatioLocale) -> String {
        format(noon(of: day), locale == .es ? "d MMM" : "MMM d", locale, .gmt)
    }

    /// A `yyyy-MM-dd` day as `shortDate(_:)` writes it; any other text comes back as it is.
    public static func shortDate(_ text: String, locale: PatioLocale) -> String {
        LocalDate(text).map { shortDate($0, locale: locale) } ?? text
    }

    /// A month (`yyyy-MM`): `nov 2026` / `Nov 2026`; any other text comes back as it is.
    public static func month(_ text: String, locale: PatioLocale) -> String {
        guard let day = LocalDate(text + "-01") else { return text }
        return format(noon(of: day), "MMM yyyy", locale, .gmt)
    }

    /// An instant as the reader's day and time in `timeZone`: `lun 23 nov, 20:25` / `Mon, Nov 23, 20:25`.
    public static func dateTime(_ instant: Date, in timeZone: TimeZone, locale: PatioLocale) -> String {
        "\(date(instant, in: timeZone, locale: locale)), \(time(instant, in: timeZone))"
    }

    /// The time of day of an instant in `timeZone`: `20:25`.
    public static func time(_ instant: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: Helpers

    static func localeIdentifier(_ locale: PatioLocale) -> String {
        switch locale {
        case .es: "es_MX"
        case .en: "en_US"
        }
    }

    private static func noon(of day: LocalDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
    }

    private static func format(_ instant: Date, _ pattern: String, _ locale: PatioLocale, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: localeIdentifier(locale))
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: instant)
    }
}
