import FluentKit
import Foundation

/// A business asking a nearby customer to pay: pending until accepted, declined, cancelled or expired.
final class PaymentRequestModel: Model, @unchecked Sendable {
    static let schema = "payments_requests"

    @ID(key: .id) var id: UUID?
    @Field(key: "code") var code: String
    @Field(key: "business_id") var businessID: UUID
    @Field(key: "amount") var amount: Int
    @Field(key: "currency") var currency: String
    @Field(key: "description") var description: String
    @Field(key: "category") var category: String
    @Field(key: "status") var status: String
    @Field(key: "expires_at") var expiresAt: Date
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "decided_at") var decidedAt: Date?
    @OptionalField(key: "customer_id") var customerID: UUID?
    @OptionalField(key: "transfer_id") var transferID: UUID?
    @OptionalField(key: "paid_amount") var paidAmount: Int?
    @OptionalField(key: "paid_currency") var paidCurrency: String?
    @OptionalField(key: "rate") var rate: String?
    @OptionalField(key: "rate_as_of") var rateAsOf: String?

    init() {}
}

extension PaymentsMigrations {
    struct CreatePaymentRequests: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PaymentRequestModel.schema)
                .id()
                .field("code", .string, .required)
                .field("business_id", .uuid, .required)
                .field("amount", .int, .required)
                .field("currency", .string, .required)
                .field("description", .string, .required)
                .field("category", .string, .required)
                .field("status", .string, .required)
                .field("expires_at", .datetime, .required)
                .field("created_at", .datetime, .required)
                .field("decided_at", .datetime)
                .field("customer_id", .uuid)
                .field("transfer_id", .uuid)
                .field("paid_amount", .int)
                .field("paid_currency", .string)
                .field("rate", .string)
                .field("rate_as_of", .string)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PaymentRequestModel.schema).delete() }
    }
}
