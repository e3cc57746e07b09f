import Foundation
import PatioCore
import Synchronization

/// How every page writes money and dates for its reader: one place, so no page prints `3577.00 MXN` or
/// `2026-11-23`, and no module keeps its own copy. Spanish pages follow Mexican and Peruvian usage
/// (`$3,577.00 MXN`, `lun 23 nov`) except for Colombian pesos, written as in Colombia; English pages follow
/// American usage (`$3,577.00 MXN`, `Mon, Nov 23`). Times are 24-hour in both, like the schedules.
///
/// Money, by the page's language and the amount's currency:
///
/// | amount              | es page          | en page          |
/// |---------------------|------------------|------------------|
/// | 3,577.00 MXN        | `$3,577.00 MXN`  | `$3,577.00 MXN`  |
/// | 250,000 COP         | `$ 250.000`      | `$250,000 COP`   |
/// | 1,234.50 COP        | `$ 1.234,50`     | `$1,234.50 COP`  |
/// | 50.00 PEN           | `S/ 50.00`       | `S/ 50.00`       |
/// | −12.00 EUR          | `−€12.00`        | `−€12.00`        |
///
/// Colombian pesos (es-CO) group with dots, mark decimals with a comma and have no cents in use: the
/// cents are written only when an amount has some (a converted payment). On a Spanish page `$` alone is
/// the peso, as a Colombian reads it; elsewhere the code follows `$` because it could mean several
/// currencies. Every digit is written exactly (no Double on the way), any Int included, and
/// `wholeAmount(_:currency:locale:)` / `minorAmount(_:currency:locale:)` read back what is written here.
public enum PageFormat {
    // MARK: Money

    /// Minor units (cents) as the reader writes the currency: `$3,577.00 MXN`, `S/ 50.00`, `−€12.00`,
    /// `$ 250.000`. The spaces inside are non-breaking, so a narrow screen never leaves `S/` at the end of
    /// a line.
    public static func money(_ minor: Int, currency: String, locale: PatioLocale) -> String {
        // `magnitude`, not `abs`: abs(Int.min) does not fit in an Int and would stop the process.
        write(units: minor.magnitude / 100, cents: minor.magnitude % 100, negative: minor < 0, currency: currency, locale: locale)
    }

    /// Whole units of a currency kept without cents (Colombian pesos: 250000 is `$ 250.000`), never
    /// multiplied into minor units on the way, so no amount overflows.
    public static func money(whole: Int, currency: String, locale: PatioLocale) -> String {
        write(units: whole.magnitude, cents: 0, negative: whole < 0, currency: currency, locale: locale)
    }

    /// A no-break space.
    public static let nbsp = "\u{00A0}"

    /// How one reader writes one currency.
    private struct MoneyStyle {
        var grouping: Character = ",", decimal: Character = "."
        /// The symbol before the digits (nil: the code follows the digits alone).
        var symbol: String?
        /// A space between the symbol and the digits (`S/ 50.00`).
        var spaced = false
        /// The code follows the digits (`$3,577.00 MXN`), because the symbol alone could mean several currencies.
        var code = true
        /// No cents are written for a whole amount (`$ 250.000`).
        var wholeWithoutCents = false

        init(currency: String, locale: PatioLocale) {
            guard let known = PageFormat.symbols[currency] else { return }
            (symbol, spaced, code) = (known.symbol, known.spaced, !known.unique)
            guard currency == "COP" else { return }
            wholeWithoutCents = true
            if locale == .es { (grouping, decimal, spaced, code) = (".", ",", true, false) }
        }
    }

    private static let symbols: [String: (symbol: String, spaced: Bool, unique: Bool)] = [
        "MXN": ("$", false, false), "USD": ("$", false, false), "CAD": ("$", false, false), "SGD": ("$", false, false),
        "COP": ("$", false, false), "PEN": ("S/", true, true), "EUR": ("€", false, true), "GBP": ("£", false, true),
        "RUB": ("₽", false, true), "EGP": ("E£", false, false), "ZAR": ("R", true, false), "PKR": ("Rs", true, false),
    ]

    private static func write(units: UInt, cents: UInt, negative: Bool, currency: String, locale: PatioLocale) -> String {
        let style = MoneyStyle(currency: currency, locale: locale)
        let digits = String(units)
        var number = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { number.append(style.grouping) }
            number.append(digit)
        }
        if !(style.wholeWithoutCents && cents == 0) { number += String(style.decimal) + (cents < 10 ? "0" : "") + String(cents) }
        let sign = negative ? "−" : ""
        guard let symbol = style.symbol else { return "\(sign)\(number)\(nbsp)\(currency)" }
        let written = sign + symbol + (style.spaced ? nbsp : "") + number
        return style.code ? "\(written)\(nbsp)\(currency)" : written
    }

    // MARK: Amounts people type

    /// Whole units typed the way `money(whole:currency:locale:)` writes them, symbol, code and grouping
    /// optional: on a Spanish page `150000`, `150.000` and `$ 150.000` are all 150000 pesos (and so is
    /// `150.000,00`). Nil for cents (`150,50`), a group that is not three digits (`1.50`, and `150,000`, which
    /// a Colombian reads as 150 pesos with decimals), anything else, or a number beyond Int; never a stopped
    /// process.
    public static func wholeAmount(_ text: String, currency: String, locale: PatioLocale) -> Int? {
        guard let reading = read(text, currency: currency, locale: locale), (reading.cents ?? 0) == 0 else { return nil }
        return signed(reading.units, negative: reading.negative)
    }

    /// Minor units typed the way `money(_:currency:locale:)` writes them (`$3,577.00 MXN`, `$ 1.234,50`): what
    /// a page printed reads back to the same amount. Nil for anything else or beyond Int.
    public static func minorAmount(_ text: String, currency: String, locale: PatioLocale) -> Int? {
        guard let reading = read(text, currency: currency, locale: locale) else { return nil }
        let (scaled, overflow) = reading.units.multipliedReportingOverflow(by: 100)
        let (minor, carry) = scaled.addingReportingOverflow(reading.cents ?? 0)
        return overflow || carry ? nil : signed(minor, negative: reading.negative)
    }

    private static func signed(_ magnitude: UInt, negative: Bool) -> Int? {
        guard negative else { return Int(exactly: magnitude) }
        if magnitude == Int.min.magnitude { return Int.min }
        return Int(exactly: magnitude).map { -$0 }
    }

    private static func read(_ text: String, currency: String, locale: PatioLocale) -> (negative: Bool, units: UInt, cents: UInt?)? {
        let style = MoneyStyle(currency: currency, locale: locale)
        let blanks = CharacterSet.whitespaces.union(CharacterSet(charactersIn: nbsp))
        var rest = Substring(text.trimmingCharacters(in: blanks))
        func drop(prefix: String) -> Bool {
            guard !prefix.isEmpty, rest.hasPrefix(prefix) else { return false }
            rest = Substring(rest.dropFirst(prefix.count).trimmingCharacters(in: blanks))
            return true
        }
        var negative = drop(prefix: "−") || drop(prefix: "-")
        _ = drop(prefix: style.symbol ?? "")
        if !negative { negative = drop(prefix: "−") || drop(prefix: "-") }
        if rest.uppercased().hasSuffix(currency.uppercased()) && !currency.isEmpty {
            rest = Substring(rest.dropLast(currency.count).trimmingCharacters(in: blanks))
        }
        let parts = rest.split(separator: style.decimal, maxSplits: 1, omittingEmptySubsequences: false)
        // Grouped (`150.000`): one to three digits, then groups of exactly three; ungrouped: any digits.
        let groups = parts[0].split(separator: style.grouping, omittingEmptySubsequences: false)
        guard let first = groups.first, !first.isEmpty, groups.count == 1 || first.count <= 3,
            groups.dropFirst().allSatisfy({ $0.count == 3 }), let units = number(groups.joined())
        else { return nil }
        guard parts.count == 2 else { return (negative, units, nil) }
        guard (1...2).contains(parts[1].count), let cents = number(parts[1]) else { return nil }
        return (negative, units, parts[1].count == 1 ? cents * 10 : cents)
    }

    /// ASCII digits as a number; nil for any other character (other scripts' digits included) or past UInt.
    private static func number(_ digits: some Sequence<Character>) -> UInt? {
        var value: UInt = 0
        for digit in digits {
            guard let ascii = digit.asciiValue, (48...57).contains(ascii) else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt(ascii - 48))
            guard !overflow && !carry else { return nil }
            value = sum
        }
        return value
    }

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
        let pattern =
            switch locale {
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
        dateFormatters.string(instant, pattern, locale, timeZone)
    }

    /// Building a `DateFormatter` opens an ICU formatter, which costs far more than formatting a date: a page
    /// with a dozen dates spent a tenth of its time there. Formatters are kept per pattern, language and zone,
    /// and used under a lock, since one formatter is not safe to use from two threads at once.
    private static let dateFormatters = DateFormatterCache()

    private final class DateFormatterCache: Sendable {
        private struct Key: Hashable {
            let pattern: String
            let locale: PatioLocale
            let timeZone: String
        }
        private let formatters = Mutex<[Key: DateFormatter]>([:])

        func string(_ instant: Date, _ pattern: String, _ locale: PatioLocale, _ timeZone: TimeZone) -> String {
            formatters.withLock { formatters in
                let key = Key(pattern: pattern, locale: locale, timeZone: timeZone.identifier)
                if let formatter = formatters[key] { return formatter.string(from: instant) }
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: PageFormat.localeIdentifier(locale))
                formatter.calendar = Calendar(identifier: .gregorian)
                formatter.timeZone = timeZone
                formatter.dateFormat = pattern
                formatters[key] = formatter
                return formatter.string(from: instant)
            }
        }
    }
}
