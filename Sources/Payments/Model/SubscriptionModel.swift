import FluentKit
import Foundation

/// A business's premium plan: active until the end of the paid period, renewed by the renewal job unless
/// cancelled, lapsed (with a reason) when a renewal cannot be paid.
final class SubscriptionModel: Model, @unchecked Sendable {
    static let schema = "payments_subscriptions"

    @ID(key: .id) var id: UUID?
    @Field(key: "business_id") var businessID: UUID
    @Field(key: "plan") var plan: String
    @Field(key: "status") var status: String
    @Field(key: "current_period_end") var currentPeriodEnd: Date
    @Field(key: "cancel_at_period_end") var cancelAtPeriodEnd: Bool
    @OptionalField(key: "lapse_reason") var lapseReason: String?
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension PaymentsMigrations {
    struct CreateSubscriptions: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SubscriptionModel.schema)
                .id()
                .field("business_id", .uuid, .required)
                .field("plan", .string, .required)
                .field("status", .string, .required)
                .field("current_period_end", .datetime, .required)
                .field("cancel_at_period_end", .bool, .required)
                .field("lapse_reason", .string)
                .field("updated_at", .datetime, .required)
                .unique(on: "business_id")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(SubscriptionModel.schema).delete() }
    }
}
