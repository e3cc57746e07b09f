import PatioCore
import Crypto
import Foundation

/// What makes two transfers "the same": reason, cause, and every leg's account, amount and currency, in a
/// canonical order. Recorded when a transfer is applied; a replay of the idempotency key must match it, and
/// the audit recomputes it from the stored entries to find transfers rewritten after the fact.
enum TransferFingerprint {
    struct Leg: Sendable, Hashable {
        var accountId: UUID
        var amount: Int
        var currency: String
    }

    /// Fingerprints recorded from now on start with this; older ones (no prefix) did not cover currencies.
    static let prefix = "v2:"

    /// The fingerprint of a transfer: independent of leg order, and different when any leg's account, amount or
    /// currency, the number of legs, the reason or the cause differ. Every piece is length-prefixed, so no
    /// reason or cause can pass for another split of the same text.
    static func of(reason: String, causedBy: String?, legs: [Leg]) -> String {
        let sorted = legs.sorted { ($0.accountId.uuidString, $0.amount, $0.currency) < ($1.accountId.uuidString, $1.amount, $1.currency) }
        var pieces = [reason, causedBy.map { "+" + $0 } ?? "-", String(sorted.count)]
        for leg in sorted { pieces += [leg.accountId.uuidString, String(leg.amount), leg.currency] }
        let text = pieces.map { "\($0.utf8.count):\($0)" }.joined()
        return prefix + hex(SHA256.hash(data: Data(text.utf8)))
    }

    /// Whether `stored` (recorded when the transfer was applied) still describes it. Fingerprints recorded before
    /// currencies were covered are compared the way they were made.
    static func matches(_ stored: String, reason: String, causedBy: String?, legs: [Leg]) -> Bool {
        if stored.hasPrefix(prefix) { return stored == of(reason: reason, causedBy: causedBy, legs: legs) }
        return stored == legacy(reason: reason, causedBy: causedBy, legs: legs)
    }

    /// The first fingerprint: reason, cause, accounts and amounts.
    static func legacy(reason: String, causedBy: String?, legs: [Leg]) -> String {
        let legs = legs.sorted { ($0.accountId.uuidString, $0.amount) < ($1.accountId.uuidString, $1.amount) }
            .map { "\($0.accountId.uuidString):\($0.amount)" }.joined(separator: ",")
        return hex(SHA256.hash(data: Data("\(reason)|\(causedBy ?? "")|\(legs)".utf8)))
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        Hex.encode(digest)
    }
}
