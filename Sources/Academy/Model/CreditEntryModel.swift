import FluentKit
import Foundation

/// One line of an enrolment's class ledger. Append-only: the balance is always the sum of these deltas.
final class CreditEntryModel: Model, @unchecked Sendable {
    static let schema = "academy_credit_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "enrolment_id") var enrolmentID: UUID
    /// 1, 2, 3… per enrolment: the order lines were written, even when they share a timestamp.
    @Field(key: "position") var position: Int
    @Field(key: "kind") var kind: String
    @Field(key: "delta") var delta: Int
    @OptionalField(key: "payment_id") var paymentID: UUID?
    @OptionalField(key: "attendance_id") var attendanceID: UUID?
    @OptionalField(key: "lot_id") var lotID: UUID?
    @Field(key: "note") var note: String
    @OptionalField(key: "actor_id") var actorID: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
