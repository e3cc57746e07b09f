import FluentKit
import Foundation

/// Money received for classes. Immutable: corrections are refunds.
final class PaymentModel: Model, @unchecked Sendable {
    static let schema = "academy_payments"

    @ID(key: .id) var id: UUID?
    @Field(key: "student_id") var studentID: UUID
    @Field(key: "enrolment_id") var enrolmentID: UUID
    @Field(key: "schedule_id") var scheduleID: UUID
    @Field(key: "location_id") var locationID: UUID
    @OptionalField(key: "pack_id") var packID: UUID?
    @Field(key: "amount") var amount: Int
    @Field(key: "currency") var currency: String
    @Field(key: "classes") var classes: Int
    @OptionalField(key: "recorded_by") var recordedBy: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
