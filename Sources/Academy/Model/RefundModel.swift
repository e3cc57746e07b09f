import FluentKit
import Foundation

/// Money given back against a payment, with the classes it takes off the balance.
final class RefundModel: Model, @unchecked Sendable {
    static let schema = "academy_refunds"

    @ID(key: .id) var id: UUID?
    @Field(key: "payment_id") var paymentID: UUID
    @Field(key: "amount") var amount: Int
    @Field(key: "classes") var classes: Int
    @Field(key: "reason") var reason: String
    @OptionalField(key: "recorded_by") var recordedBy: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
