import FluentKit
import Foundation
import PatioCore
import PatioData

/// One stored rate.
struct RateView: Codable, Sendable {
    var currency: String
    var perEuro: String
    var source: String
    var asOf: String
}

/// A conversion with everything needed to explain it later.
struct Conversion: Codable, Sendable, Equatable {
    var amount: Int
    var from: String
    var converted: Int
    var to: String
    /// Units of `to` per unit of `from`, as a decimal string.
    var rate: String
    /// The older of the two rates' days.
    var asOf: String
    var rounding: String
}

/// Exchange rates (stored per euro, as the ECB publishes them) and conversion between any two currencies.
///
/// Amounts are minor units and every supported currency has two decimals, so converting minor units is the
/// same as converting major units. Every conversion is what a payer owes, so it is rounded up to their next
/// minor unit (`payerAmount`): the exchange account in the middle never loses on rounding.
struct ExchangeRates: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    static func unavailable(_ code: String) -> AppError {
        AppError(.unprocessableContent, code: "rate_unavailable", detail: "There is no exchange rate for \(code) yet.")
    }

    func all() async throws -> [RateView] {
        try await RateModel.query(on: try database.reader).sort(\.$id).all().map(Self.view)
    }

    static func view(_ model: RateModel) -> RateView {
        RateView(currency: model.id!, perEuro: model.perEuro, source: model.source, asOf: model.asOf)
    }

    private func perEuro(_ currency: String, on db: any Database) async throws -> (Decimal, String) {
        if currency == "EUR" { return (1, "") }
        guard let rate = try await RateModel.find(currency, on: db),
            let value = Decimal(string: rate.perEuro, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw Self.unavailable(currency)
        }
        return (value, rate.asOf)
    }

    /// Converts `amount` minor units of `from` into `to`.
    func convert(amount: Int, from: String, to: String, on db: (any Database)? = nil) async throws -> Conversion {
        let db = try db ?? database.reader
        let (fromRate, fromDay) = try await perEuro(from, on: db)
        let (toRate, toDay) = try await perEuro(to, on: db)
        let rate = toRate / fromRate
        let converted = try Self.payerAmount(for: amount, payeePerEuro: fromRate, payerPerEuro: toRate)
        var shown = rate
        var rateRounded = Decimal()
        NSDecimalRound(&rateRounded, &shown, 8, .bankers)
        let days = [fromDay, toDay].filter { !$0.isEmpty }
        return Conversion(
            amount: amount, from: from, converted: converted, to: to,
            rate: Self.text(rateRounded), asOf: days.min() ?? "", rounding: Self.rounding)
    }

    /// How every conversion is rounded: up, to the payer's next whole minor unit.
    static let rounding = "up"

    /// What a payer owes, in whole minor units of their currency, for `amount` minor units the payee
    /// receives in theirs: amount × (payer per euro) ÷ (payee per euro), rounded **up**.
    ///
    /// The payer's side goes into the exchange account and the payee's side comes out of it, so rounding
    /// down (or half-to-even, down half the time) would let the exchange account pay out more than it
    /// took in, and a stream of tiny payments could drain it. Rounded up, each payment leaves the exchange
    /// account at least even and costs the payer less than one minor unit more than the exact value. The
    /// quotient is checked by exact multiplication, so a rate ratio without a finite decimal (1/3) cannot
    /// round the wrong way.
    static func payerAmount(for amount: Int, payeePerEuro: Decimal, payerPerEuro: Decimal) throws -> Int {
        guard amount >= 0, payeePerEuro > 0, payerPerEuro > 0 else {
            throw AppError.validation(field: "amount", "Give a whole amount in minor units, 0 or more.", code: "amount_range")
        }
        let owed = Decimal(amount) * payerPerEuro
        var quotient = owed / payeePerEuro
        var rounded = Decimal()
        NSDecimalRound(&rounded, &quotient, 0, .up)
        guard rounded.isFinite, rounded < Self.largestAmount else {
            throw AppError.validation(field: "amount", "This amount is too large to convert.", code: "amount_too_large")
        }
        var paid = NSDecimalNumber(decimal: rounded).int64Value
        // The division above is exact to 38 digits; settle the last unit by multiplying back.
        if Decimal(paid) * payeePerEuro < owed { paid += 1 }
        if paid > 0, Decimal(paid - 1) * payeePerEuro >= owed { paid -= 1 }
        return Int(paid)
    }

    /// Conversions above 10¹⁵ minor units are refused rather than rounded by floating point.
    static let largestAmount = Decimal(1_000_000_000_000_000)

    static func text(_ value: Decimal) -> String {
        var copy = value
        return NSDecimalString(&copy, Locale(identifier: "en_US_POSIX"))
    }

    /// Stores rates (per euro) for `asOf` from `source`, replacing older figures for those currencies.
    func store(_ rates: [String: Decimal], asOf: String, source: String) async throws -> [RateView] {
        var validator = Validator()
        validator.check(LocalDate(asOf) != nil, "asOf", "Use yyyy-MM-dd.", code: "date_format")
        for (code, value) in rates where value <= 0 { validator.add("rates.\(code)", "A rate must be positive.", code: "rate_positive") }
        try validator.validate()
        let now = clock.now()
        let kept = rates.filter { Currency.supported.contains($0.key) && $0.key != "EUR" }
        try await database.write { db in
            for (code, value) in kept {
                let model = try await RateModel.find(code, on: db) ?? RateModel()
                model.id = code
                model.perEuro = Self.text(value)
                model.source = source
                model.asOf = asOf
                model.updatedAt = now
                try await model.save(on: db)
            }
        }
        return try await all().filter { kept.keys.contains($0.currency) }
    }
}

/// `yyyy-MM-dd` shape check.
/// Reads the ECB daily reference XML (`eurofxref-daily.xml`) or Patio's JSON form
/// `{"base":"EUR","date":"yyyy-MM-dd","rates":{"USD":1.05,…}}`.
enum RateFile {
    struct Parsed: Equatable {
        var asOf: String
        var rates: [String: Decimal]
        var source: String
    }

    static func parse(_ data: Data) throws -> Parsed {
        let text = String(decoding: data, as: UTF8.self)
        if text.contains("<") { return try parseECB(text) }
        struct JSONForm: Decodable { var base: String?; var date: String; var rates: [String: Decimal] }
        let form = try JSONDecoder().decode(JSONForm.self, from: data)
        guard (form.base ?? "EUR").uppercased() == "EUR" else {
            throw AppError.validation(field: "base", "Rates must be given per euro (base EUR).", code: "rate_base")
        }
        // Two keys can name one currency (`RUB` and its alias `PEB`, `usd` and `USD`): refused, never guessed,
        // and never a trap on the duplicate.
        var rates: [String: Decimal] = [:]
        for (key, value) in form.rates.sorted(by: { $0.key < $1.key }) {
            let code = Currency.normalise(key) ?? key.uppercased()
            guard rates[code] == nil else {
                throw AppError.validation(
                    field: "rates.\(code)", "\(code) is given twice (as an alias or in other letter case); give each currency once.",
                    code: "rate_duplicate")
            }
            rates[code] = value
        }
        return Parsed(asOf: form.date, rates: rates, source: "json")
    }

    private static func parseECB(_ text: String) throws -> Parsed {
        guard let day = text.firstMatch(of: /time=['"](\d{4}-\d{2}-\d{2})['"]/)?.1 else {
            throw AppError.badRequest(code: "rates_unreadable", "No <Cube time='…'> found: this is not an ECB reference-rate file.")
        }
        var rates: [String: Decimal] = [:]
        for match in text.matches(of: /currency=['"]([A-Z]{3})['"]\s+rate=['"]([0-9.]+)['"]/) {
            rates[String(match.1)] = Decimal(string: String(match.2), locale: Locale(identifier: "en_US_POSIX"))
        }
        guard !rates.isEmpty else { throw AppError.badRequest(code: "rates_unreadable", "The file lists no rates.") }
        return Parsed(asOf: String(day), rates: rates, source: "ECB")
    }
}
