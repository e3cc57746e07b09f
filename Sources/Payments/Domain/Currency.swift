/// The currencies InterPay handles, with the original app's non-ISO codes accepted as aliases.
enum Currency {
    static let supported: Set<String> = ["PKR", "RUB", "EGP", "CAD", "SGD", "MXN", "GBP", "ZAR", "EUR", "USD", "PEN", "COP"]
    /// The original app sent `PEB` for roubles and `EGG` for Egyptian pounds.
    static let aliases = ["PEB": "RUB", "EGG": "EGP"]

    /// The ISO 4217 code for `code` (alias or not), or nil when InterPay does not handle it.
    static func normalise(_ code: String?) -> String? {
        guard let upper = code?.trimmingCharacters(in: .whitespaces).uppercased() else { return nil }
        let resolved = aliases[upper] ?? upper
        return supported.contains(resolved) ? resolved : nil
    }
}
