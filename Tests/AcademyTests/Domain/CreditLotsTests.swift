import Foundation
import PatioTestSupport
import Testing
@testable import Academy

/// The class-lot rules without a database: soonest expiry first, expired lots never used, refunds bounded by
/// what is left, and a request either taken in full or refused.
@Suite("Credit lots")
struct CreditLotsTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400

    func lot(_ remaining: Int, expiresIn days: Double?, createdDaysAgo ago: Double = 30) -> CreditLot {
        CreditLot(
            id: UUID(), remaining: remaining, expiresAt: days.map { now.addingTimeInterval($0 * day) },
            createdAt: now.addingTimeInterval(-ago * day))
    }

    @Test("classes come from the lot that expires soonest; never-expiring lots are used last")
    func soonestExpiryFirst() throws {
        let forever = lot(10, expiresIn: nil), later = lot(3, expiresIn: 20), sooner = lot(2, expiresIn: 5)
        let takes = try #require(CreditLots.consume(6, from: [forever, later, sooner], at: now))
        #expect(takes == [CreditTake(lot: sooner.id, classes: 2), CreditTake(lot: later.id, classes: 3), CreditTake(lot: forever.id, classes: 1)])
    }

    @Test("with the same expiry the older lot goes first")
    func olderFirst() throws {
        let newer = lot(5, expiresIn: 10, createdDaysAgo: 1), older = lot(5, expiresIn: 10, createdDaysAgo: 9)
        #expect(CreditLots.consume(1, from: [newer, older], at: now) == [CreditTake(lot: older.id, classes: 1)])
    }

    @Test("an expired lot is written off and never used, even when it would cover the request")
    func expiredNeverUsed() {
        let expired = lot(50, expiresIn: -1), valid = lot(2, expiresIn: 3)
        #expect(CreditLots.expired([expired, valid], at: now) == [expired])
        #expect(CreditLots.balance([expired, valid], at: now) == 2)
        #expect(CreditLots.consume(2, from: [expired, valid], at: now) == [CreditTake(lot: valid.id, classes: 2)])
        #expect(CreditLots.consume(3, from: [expired, valid], at: now) == nil)
    }

    @Test("a lot expires at its expiry instant, not a second later")
    func expiresAtTheInstant() {
        let edge = CreditLot(id: UUID(), remaining: 1, expiresAt: now, createdAt: now.addingTimeInterval(-day))
        #expect(!edge.isUsable(at: now))
        #expect(edge.isUsable(at: now.addingTimeInterval(-1)))
    }

    @Test("asking for more than is left, or a negative number, is refused; zero takes nothing")
    func refusals() {
        let lots = [lot(2, expiresIn: 5), lot(1, expiresIn: nil)]
        #expect(CreditLots.consume(4, from: lots, at: now) == nil)
        #expect(CreditLots.consume(-1, from: lots, at: now) == nil)
        #expect(CreditLots.consume(0, from: lots, at: now) == [])
        #expect(CreditLots.consume(1, from: [], at: now) == nil)
    }

    @Test("a refund takes at most what is left of its payment's lot, and nothing once the lot has expired")
    func refundsBounded() {
        let bought = lot(3, expiresIn: 10), gone = lot(3, expiresIn: -2)
        #expect(CreditLots.refundable(bought, at: now) == 3)
        #expect(CreditLots.take(3, from: bought, at: now) == CreditTake(lot: bought.id, classes: 3))
        #expect(CreditLots.take(4, from: bought, at: now) == nil)
        #expect(CreditLots.take(0, from: bought, at: now) == nil)
        #expect(CreditLots.refundable(gone, at: now) == 0)
        #expect(CreditLots.take(1, from: gone, at: now) == nil)
        #expect(CreditLots.refundable(nil, at: now) == 0)
    }

    /// Random lots (some expired, some never expiring) and random sequences of attendances, refunds and
    /// purchases as time passes: the balance never goes below zero, an expired lot is never taken from, a
    /// request is taken in full or refused with nothing changed, and taking never creates classes.
    @Test("over 3,000 random lot sets and sequences, balances stay whole and expired lots stay untouched")
    func property() throws {
        var random = SeededRandom(seed: 20_261_123)
        for _ in 0..<3_000 {
            var clock = now
            var lots: [CreditLot] = (0..<random.below(6)).map { _ in randomLot(&random, at: clock) }
            for _ in 0..<random.below(25) {
                clock = clock.addingTimeInterval(Double(random.below(4)) * day)
                let before = CreditLots.balance(lots, at: clock)
                let usable = Set(CreditLots.usable(lots, at: clock).map(\.id))
                switch random.below(4) {
                case 0, 1:
                    let asked = random.below(8) - 1
                    if let takes = CreditLots.consume(asked, from: lots, at: clock) {
                        #expect(asked >= 0 && asked <= before)
                        #expect(takes.reduce(0) { $0 + $1.classes } == asked)
                        #expect(takes.allSatisfy { $0.classes > 0 && usable.contains($0.lot) })
                        // Soonest expiry first: a lot is only touched once every lot before it is used up.
                        let after = CreditLots.applying(takes, to: lots)
                        let ordered = CreditLots.usable(lots, at: clock).map(\.id)
                        if let lastTouched = ordered.lastIndex(where: { id in takes.contains { $0.lot == id } }) {
                            for id in ordered[..<lastTouched] { #expect(after.first { $0.id == id }?.remaining == 0) }
                        }
                        #expect(after.allSatisfy { $0.remaining >= 0 })
                        #expect(CreditLots.balance(after, at: clock) == before - asked)
                        lots = after
                    } else {
                        #expect(asked < 0 || asked > before)
                    }
                case 2 where !lots.isEmpty:
                    let target = lots[random.below(lots.count)]
                    let asked = random.below(6)
                    if let take = CreditLots.take(asked, from: target, at: clock) {
                        #expect(target.isUsable(at: clock) && asked <= target.remaining && take.classes == asked)
                        lots = CreditLots.applying([take], to: lots)
                        #expect(CreditLots.balance(lots, at: clock) == before - asked)
                    } else {
                        #expect(asked == 0 || !target.isUsable(at: clock) || asked > target.remaining)
                    }
                default:
                    lots.append(randomLot(&random, at: clock))
                }
                #expect(CreditLots.balance(lots, at: clock) >= 0)
                #expect(lots.allSatisfy { $0.remaining >= 0 })
                // Writing off expired lots leaves exactly the usable ones.
                let expired = Set(CreditLots.expired(lots, at: clock).map(\.id))
                #expect(expired.isDisjoint(with: CreditLots.usable(lots, at: clock).map(\.id)))
            }
        }
    }

    private func randomLot(_ random: inout SeededRandom, at clock: Date) -> CreditLot {
        let expiry: Date? = random.below(4) == 0 ? nil : clock.addingTimeInterval(Double(random.below(40) - 10) * day)
        return CreditLot(
            id: UUID(), remaining: random.below(10), expiresAt: expiry, createdAt: clock.addingTimeInterval(-Double(random.below(5)) * day))
    }
}
