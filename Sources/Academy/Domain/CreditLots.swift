import Foundation

/// A lot as the consumption rule sees it: how many classes it still holds and until when.
struct CreditLot: Sendable, Equatable {
    var id: UUID
    var remaining: Int
    var expiresAt: Date?
    var createdAt: Date

    /// Still holds classes and has not expired at `now` (a lot expires at its `expiresAt` instant).
    func isUsable(at now: Date) -> Bool { remaining > 0 && (expiresAt ?? .distantFuture) > now }
}

/// Classes taken from one lot.
struct CreditTake: Sendable, Equatable {
    var lot: UUID
    var classes: Int
}

/// The rules of an enrolment's class lots, without the database: which lots are used up first, which have
/// expired, and which lots give how many classes for a request. `LedgerSession` writes what these decide.
enum CreditLots {
    /// Consumption order: soonest expiry first, never-expiring last; then the older lot; then by id, so the
    /// order never depends on how the rows were read.
    static func precedes(_ lhs: CreditLot, _ rhs: CreditLot) -> Bool {
        let left = lhs.expiresAt ?? .distantFuture, right = rhs.expiresAt ?? .distantFuture
        if left != right { return left < right }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.id.uuidString < rhs.id.uuidString
    }

    /// The lots usable at `now`, in consumption order.
    static func usable(_ lots: [CreditLot], at now: Date) -> [CreditLot] {
        lots.filter { $0.isUsable(at: now) }.sorted(by: precedes)
    }

    /// The lots whose remaining classes are written off at `now`: expired with classes left.
    static func expired(_ lots: [CreditLot], at now: Date) -> [CreditLot] {
        lots.filter { $0.remaining > 0 && !$0.isUsable(at: now) }
    }

    /// Classes usable at `now`.
    static func balance(_ lots: [CreditLot], at now: Date) -> Int {
        usable(lots, at: now).reduce(0) { $0 + $1.remaining }
    }

    /// Which lots give how many classes when `classes` are taken at `now`, soonest expiry first; expired lots
    /// are never touched. Nil (refused, nothing taken) when the usable lots hold fewer classes or the request
    /// is negative; no takes for zero.
    static func consume(_ classes: Int, from lots: [CreditLot], at now: Date) -> [CreditTake]? {
        guard classes >= 0, balance(lots, at: now) >= classes else { return nil }
        var left = classes
        var takes: [CreditTake] = []
        for lot in usable(lots, at: now) where left > 0 {
            let taken = min(left, lot.remaining)
            takes.append(CreditTake(lot: lot.id, classes: taken))
            left -= taken
        }
        return takes
    }

    /// Taking `classes` from one named lot (a refund takes from the lot its payment bought): more than zero,
    /// bounded by what is left of it, and only while it is usable. Nil when refused.
    static func take(_ classes: Int, from lot: CreditLot, at now: Date) -> CreditTake? {
        guard classes > 0, classes <= refundable(lot, at: now) else { return nil }
        return CreditTake(lot: lot.id, classes: classes)
    }

    /// How many classes can still be taken from (or refunded against) one lot at `now`: none once expired.
    static func refundable(_ lot: CreditLot?, at now: Date) -> Int {
        guard let lot, lot.isUsable(at: now) else { return 0 }
        return lot.remaining
    }

    /// `lots` after `takes` (for checking a plan; the session writes takes one by one).
    static func applying(_ takes: [CreditTake], to lots: [CreditLot]) -> [CreditLot] {
        lots.map { lot in
            var lot = lot
            lot.remaining -= takes.filter { $0.lot == lot.id }.reduce(0) { $0 + $1.classes }
            return lot
        }
    }
}
