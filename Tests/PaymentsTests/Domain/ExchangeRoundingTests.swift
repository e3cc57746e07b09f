import Foundation
@testable import Payments
import Testing

/// SplitMix64: the same sequence on every run and every machine, so a failure can be replayed.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A cross-currency payment takes `paid` (payer's currency) into the exchange account and pays `amount`
/// (payee's currency) out of it. The rule that sets `paid` must never let that account lose value.
@Suite("Cross-currency rounding never costs the exchange account")
struct ExchangeRoundingTests {
    /// A rate as the ECB or an admin writes it: up to six significant digits, from 0.0001 to 99999.9.
    private func rate(_ random: inout SeededGenerator) -> Decimal {
        Decimal(sign: .plus, exponent: -Int.random(in: 1...4, using: &random), significand: Decimal(Int.random(in: 1...999_999, using: &random)))
    }

    /// Mostly tiny payments (where rounding is most of the value), some ordinary ones.
    private func amount(_ random: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: Int.random(in: 1...10, using: &random)
        case 1: Int.random(in: 1...1_000, using: &random)
        default: Int.random(in: 1...1_000_000, using: &random)
        }
    }

    @Test(
        """
        over 2,000 random sequences of up to 40 payments between up to four currencies, the exchange account never loses and the payer pays \
        less than one minor unit above the exact value
        """
    )
    func exchangeNeverLoses() throws {
        var random = SeededGenerator(state: 20_261_124)
        for iteration in 0..<2_000 {
            let currencies = Array(["MXN", "USD", "EUR", "COP"].prefix(Int.random(in: 2...4, using: &random)))
            let rates = Dictionary(uniqueKeysWithValues: currencies.map { ($0, rate(&random)) })
            var exchange = Dictionary(uniqueKeysWithValues: currencies.map { ($0, 0) })
            for step in 0..<Int.random(in: 1...40, using: &random) {
                let payee = currencies.randomElement(using: &random)!
                let payer = currencies.filter { $0 != payee }.randomElement(using: &random)!
                let amount = amount(&random)
                let paid = try ExchangeRates.payerAmount(for: amount, payeePerEuro: rates[payee]!, payerPerEuro: rates[payer]!)
                // paid / payerRate ≥ amount / payeeRate, compared exactly by cross-multiplying (all positive).
                let owed = Decimal(amount) * rates[payer]!
                #expect(
                    Decimal(paid) * rates[payee]! >= owed,
                    """
                    iteration \(iteration) step \(step): \(amount) \(payee) at \(rates[payee]!) per EUR cost only \(paid) \(payer) at \
                    \(rates[payer]!)
                    """
                )
                #expect(
                    Decimal(paid - 1) * rates[payee]! < owed,
                    "iteration \(iteration) step \(step): \(paid) \(payer) overcharges for \(amount) \(payee)")
                exchange[payer]! += paid
                exchange[payee]! -= amount
                // The account's value in euros, Σ balance / rate, times the product of every rate: no division, so exact.
                let value = currencies.reduce(Decimal(0)) { sum, code in
                    sum + currencies.filter { $0 != code }.reduce(Decimal(exchange[code]!)) { $0 * rates[$1]! }
                }
                #expect(value >= 0, "iteration \(iteration) step \(step): the exchange account holds \(exchange) at \(rates)")
                if value < 0 { return }
            }
        }
    }

    @Test("the smallest payments still cost at least one minor unit, and an exact conversion is not rounded")
    func edges() throws {
        // 1 centavo at 0.0625 USD per MXN is 0.0625 cents: the payer pays 1 cent, never 0.
        #expect(try ExchangeRates.payerAmount(for: 1, payeePerEuro: 20, payerPerEuro: 1.25) == 1)
        // 40 centavos are exactly 2.5 cents: 3, not the even neighbour 2.
        #expect(try ExchangeRates.payerAmount(for: 40, payeePerEuro: 20, payerPerEuro: 1.25) == 3)
        #expect(try ExchangeRates.payerAmount(for: 32_000, payeePerEuro: 20, payerPerEuro: 1.25) == 2_000)
        // Rates whose ratio has no finite decimal (1/3): 3 units at 3 per euro paid in 1 per euro is exactly 1.
        #expect(try ExchangeRates.payerAmount(for: 3, payeePerEuro: 3, payerPerEuro: 1) == 1)
        #expect(try ExchangeRates.payerAmount(for: 1, payeePerEuro: 3, payerPerEuro: 1) == 1)
    }
}
