import FluentKit
import Foundation

/// Classes bought (or granted) together, sharing one expiry. Attendance consumes the lot that expires first,
/// so a student never loses classes to expiry that could have been used.
final class CreditLotModel: Model, @unchecked Sendable {
    static let schema = "academy_credit_lots"

    @ID(key: .id) var id: UUID?
    @Field(key: "enrolment_id") var enrolmentID: UUID
    @OptionalField(key: "payment_id") var paymentID: UUID?
    @Field(key: "classes") var classes: Int
    @Field(key: "remaining") var remaining: Int
    @OptionalField(key: "expires_at") var expiresAt: Date?
    @Field(key: "created_at") var createdAt: Date
    /// When its student was warned that the lot's unused classes expire soon; nil until then.
    @OptionalField(key: "expiry_notified_at") var expiryNotifiedAt: Date?

    init() {}
}

extension AcademyMigrations {
    /// Remembers, per lot, that its student was warned it expires soon, so the periodic warning goes out once.
    /// Existing lots start unwarned.
    struct AddLotExpiryNotice: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(CreditLotModel.schema).field("expiry_notified_at", .datetime).update()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(CreditLotModel.schema).deleteField("expiry_notified_at").update()
        }
    }
}
