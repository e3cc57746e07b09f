import Foundation
import PatioTestSupport
@testable import Payments
import Testing

/// The fingerprint that ties an idempotency key to one transfer and lets the audit find rewritten entries.
@Suite("Transfer fingerprints")
struct TransferFingerprintTests {
    typealias Leg = TransferFingerprint.Leg
    let payer = UUID(), payee = UUID(), exchangeIn = UUID(), exchangeOut = UUID()

    var legs: [Leg] {
        [
            Leg(accountId: payer, amount: -1_050, currency: "MXN"), Leg(accountId: exchangeIn, amount: 1_050, currency: "MXN"),
            Leg(accountId: exchangeOut, amount: -55, currency: "USD"), Leg(accountId: payee, amount: 55, currency: "USD"),
        ]
    }

    func of(_ legs: [Leg], reason: String = "Pago", causedBy: String? = "request:1") -> String {
        TransferFingerprint.of(reason: reason, causedBy: causedBy, legs: legs)
    }

    @Test("the same legs in any order give the same fingerprint")
    func orderDoesNotMatter() {
        #expect(of(legs) == of(legs.reversed()))
        #expect(of(legs) == of([legs[2], legs[0], legs[3], legs[1]]))
        #expect(TransferFingerprint.matches(of(legs), reason: "Pago", causedBy: "request:1", legs: legs.shuffled()))
    }

    @Test("another amount, account, currency, leg count, reason or cause gives another fingerprint")
    func anyChangeShows() {
        var changed = legs
        changed[0].amount = -1_049
        #expect(of(changed) != of(legs))
        changed = legs
        changed[3].accountId = UUID()
        #expect(of(changed) != of(legs))
        changed = legs
        changed[2].currency = "EUR"
        changed[3].currency = "EUR"
        #expect(of(changed) != of(legs))
        #expect(of(Array(legs.dropLast())) != of(legs))
        #expect(of(legs + [Leg(accountId: UUID(), amount: 0, currency: "USD")]) != of(legs))
        #expect(of(legs, reason: "Pago ") != of(legs))
        #expect(of(legs, causedBy: nil) != of(legs))
        #expect(of(legs, causedBy: "") != of(legs, causedBy: nil))
    }

    @Test("a reason and cause cannot pass for another split of the same text")
    func piecesDoNotRunTogether() {
        #expect(of(legs, reason: "a|", causedBy: "b") != of(legs, reason: "a", causedBy: "|b"))
        #expect(of(legs, reason: "a", causedBy: "1b") != of(legs, reason: "a1", causedBy: "b"))
    }

    @Test("fingerprints recorded before currencies were covered still match their transfer, and only it")
    func legacyFingerprints() {
        let recorded = TransferFingerprint.legacy(reason: "Pago", causedBy: nil, legs: legs)
        #expect(!recorded.hasPrefix(TransferFingerprint.prefix))
        #expect(TransferFingerprint.matches(recorded, reason: "Pago", causedBy: nil, legs: legs.reversed()))
        var changed = legs
        changed[1].amount += 1
        #expect(!TransferFingerprint.matches(recorded, reason: "Pago", causedBy: nil, legs: changed))
        #expect(!TransferFingerprint.matches(of(legs), reason: "Pago", causedBy: "request:1", legs: changed))
    }

    /// Random transfers of 2 to 6 legs: shuffling never changes the fingerprint; changing one leg's amount,
    /// account or currency, or adding or removing a leg, always does.
    @Test("over 3,000 random transfers, order never matters and every single change shows")
    func property() {
        var random = SeededRandom(seed: 20_261_123)
        let currencies = ["MXN", "USD", "EUR", "COP"]
        for _ in 0..<3_000 {
            let legs = (0..<(2 + random.below(5))).map { _ in
                Leg(accountId: UUID(), amount: random.below(2_000_001) - 1_000_000, currency: currencies[random.below(currencies.count)])
            }
            let reason = ["Pago", "Depósito", "Suscripción", ""][random.below(4)]
            let fingerprint = TransferFingerprint.of(reason: reason, causedBy: nil, legs: legs)
            #expect(TransferFingerprint.of(reason: reason, causedBy: nil, legs: legs.shuffled(using: &random)) == fingerprint)

            var changed = legs
            let index = random.below(legs.count)
            switch random.below(5) {
            case 0: changed[index].amount += 1 + random.below(1_000)
            case 1: changed[index].accountId = UUID()
            case 2: changed[index].currency = currencies.filter { $0 != legs[index].currency }[random.below(currencies.count - 1)]
            case 3: changed.remove(at: index)
            default: changed.append(Leg(accountId: UUID(), amount: random.below(100), currency: currencies[random.below(currencies.count)]))
            }
            #expect(TransferFingerprint.of(reason: reason, causedBy: nil, legs: changed) != fingerprint)
            #expect(!TransferFingerprint.matches(fingerprint, reason: reason, causedBy: nil, legs: changed))
        }
    }
}
