import Foundation
import PatioPlatform

/// InterPay's knobs, from `PATIO_PAYMENTS_*`:
/// - `PATIO_PAYMENTS_REQUEST_TTL_SECONDS`: how long a payment request waits for a customer (60 to 86400,
///   default 600);
/// - `PATIO_PAYMENTS_PLANS`: the plans businesses can buy, `id:Name:price:CURRENCY:days` separated by
///   commas, price in minor units (default `monthly:Mensual:14900:MXN:30,annual:Anual:149000:MXN:365`);
/// - `PATIO_PAYMENTS_SIGNUPS_PER_IP`: sign-ups allowed from one client address per hour (1 to 100000,
///   default 10).
struct PaymentsSettings: Sendable, Equatable {
    var requestTimeToLive: TimeInterval = 600
    var plans: [Plan] = Plan.defaults
    var signupsPerIP = 10

    static func from(_ settings: ModuleSettings) throws -> PaymentsSettings {
        var result = PaymentsSettings()
        result.requestTimeToLive = TimeInterval(try settings.integer(module: "payments", "REQUEST_TTL_SECONDS", in: 60...86_400, default: 600))
        result.signupsPerIP = try settings.integer(module: "payments", "SIGNUPS_PER_IP", in: 1...100_000, default: 10)
        if let text = settings.value(module: "payments", "PLANS") {
            result.plans = try text.split(separator: ",").map { try plan(String($0)) }
            guard Set(result.plans.map(\.id)).count == result.plans.count else {
                throw SettingError("PATIO_PAYMENTS_PLANS names a plan id twice")
            }
        }
        return result
    }

    private static func plan(_ text: String) throws -> Plan {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let problem = SettingError(
            """
            PATIO_PAYMENTS_PLANS: \"\(text)\" is not id:Name:price:CURRENCY:days (id of a-z, 0-9 or -, price in minor units above 0, a \
            supported currency, 1 to 3660 days)
            """
        )
        guard parts.count == 5,
            !parts[0].isEmpty, parts[0].allSatisfy({ ($0.isLetter && $0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" }),
            !parts[1].isEmpty, parts[1].count <= 40,
            let price = Int(parts[2]), price > 0,
            let currency = Currency.normalise(parts[3]),
            let days = Int(parts[4]), (1...3660).contains(days)
        else { throw problem }
        return Plan(id: parts[0], name: parts[1], price: price, currency: currency, days: days)
    }
}
