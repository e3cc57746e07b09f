import Foundation

/// A payment as recorded, with what has been refunded against it.
struct PaymentView: Codable, Sendable {
    var id: UUID
    var studentId: UUID
    var studentName: String
    var enrolmentId: UUID
    var scheduleId: UUID
    var className: String
    var locationId: UUID
    var locationName: String
    var packId: UUID?
    var packName: String?
    var amount: Int
    var currency: String
    var classes: Int
    var refundedAmount: Int
    var refundedClasses: Int
    var createdAt: Date
}

/// The answer to recording a payment: the payment and the enrolment's balance after it.
struct PaymentReceipt: Codable, Sendable {
    var payment: PaymentView
    var enrolment: EnrolmentView
}

/// A student's place in a schedule with its balance.
struct EnrolmentView: Codable, Sendable {
    var id: UUID
    var studentId: UUID
    var scheduleId: UUID
    var classId: UUID
    var className: String
    var level: String
    var locationId: UUID
    var locationName: String
    var weekday: Int
    var startTime: String
    var endTime: String
    var isActive: Bool
    var remainingClasses: Int
    /// The soonest date some of the remaining classes expire, if any do.
    var nextExpiry: Date?
}

/// One ledger line.
struct CreditEntryView: Codable, Sendable {
    var id: UUID
    var kind: String
    var delta: Int
    var paymentId: UUID?
    var attendanceId: UUID?
    var note: String
    var createdAt: Date
}

/// Every line of an enrolment's ledger, and the totals per kind that add up to the balance.
struct LedgerView: Codable, Sendable {
    var enrolment: EnrolmentView
    var entries: [CreditEntryView]
    var totals: [String: Int]
    var balance: Int
}

struct RefundView: Codable, Sendable {
    var id: UUID
    var paymentId: UUID
    var amount: Int
    var classes: Int
    var reason: String
    var createdAt: Date
    var remainingClasses: Int
}

/// A page of payments plus totals over everything the filter matches.
struct PaymentListView: Codable, Sendable {
    var items: [PaymentView]
    var nextCursor: String?
    var totals: PaymentTotals
}

struct PaymentTotals: Codable, Sendable {
    var count: Int
    var amount: Int
    var refunded: Int
    var net: Int
    var currency: String
}
