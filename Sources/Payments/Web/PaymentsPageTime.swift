import Foundation
import PatioCore

/// Where a Payments page's reader is: the zone their browser reports, else the usual zone of the wallet's
/// currency (a Mexican shop reads Mexico City time before its browser has said so). Payments keep no zone of
/// their own, and UTC is nobody's clock at a till.
enum PaymentsPageTime {
    static func zone(_ context: PatioRequestContext, currency: String) -> TimeZone {
        context.timeZone ?? fallback[currency].flatMap(TimeZone.init(identifier:)) ?? .gmt
    }

    private static let fallback: [String: String] = [
        "MXN": "America/Mexico_City", "COP": "America/Bogota", "PEN": "America/Lima", "USD": "America/New_York", "CAD": "America/Toronto",
        "EUR": "Europe/Madrid", "GBP": "Europe/London", "SGD": "Asia/Singapore", "RUB": "Europe/Moscow", "EGP": "Africa/Cairo",
        "ZAR": "Africa/Johannesburg", "PKR": "Asia/Karachi",
    ]

    /// An exchange rate as a person reads it: four significant decimals at most, the reader's decimal mark
    /// (`17.1235`, `0.0583`); the stored rate keeps every digit for the ledger.
    static func rate(_ stored: String?, locale: PatioLocale) -> String {
        guard let stored, let value = Decimal(string: stored, locale: Locale(identifier: "en_US_POSIX")) else { return stored ?? "" }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale == .es ? "es_MX" : "en_US")
        formatter.numberStyle = .decimal
        formatter.usesSignificantDigits = value < 1
        formatter.maximumSignificantDigits = 4
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = 4
        return formatter.string(from: value as NSDecimalNumber) ?? stored
    }
}
