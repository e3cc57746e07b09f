import FluentKit
import Foundation
import SQLKit

/// One counted event for a throttle (a sign-up, a code that matched no open request): who, from where, when.
/// Rows older than the throttle's window no longer count and are dropped by the next write.
final class ThrottleHitModel: Model, @unchecked Sendable {
    static let schema = "payments_throttle_hits"

    @ID(key: .id) var id: UUID?
    @Field(key: "kind") var kind: String
    @OptionalField(key: "account_id") var accountID: UUID?
    @Field(key: "ip") var ip: String
    @Field(key: "at") var at: Date

    init() {}

    init(kind: String, accountID: UUID?, ip: String, at: Date) {
        self.id = UUID()
        self.kind = kind
        self.accountID = accountID
        self.ip = ip
        self.at = at
    }
}

/// A customer opened a payment request with its code (the code is only shown where the business is), so
/// they may decline it.
final class RequestOpenModel: Model, @unchecked Sendable {
    static let schema = "payments_request_opens"

    @ID(key: .id) var id: UUID?
    @Field(key: "request_id") var requestID: UUID
    @Field(key: "customer_id") var customerID: UUID
    @Field(key: "opened_at") var openedAt: Date

    init() {}
}

extension PaymentsMigrations {
    struct CreateThrottleAndOpens: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(ThrottleHitModel.schema)
                .id()
                .field("kind", .string, .required)
                .field("account_id", .uuid)
                .field("ip", .string, .required)
                .field("at", .datetime, .required)
                .create()
            try await database.schema(RequestOpenModel.schema)
                .id()
                .field("request_id", .uuid, .required, .references(PaymentRequestModel.schema, "id"))
                .field("customer_id", .uuid, .required)
                .field("opened_at", .datetime, .required)
                .unique(on: "request_id", "customer_id")
                .create()
            let sql = try database.sql
            try await sql.raw("CREATE INDEX payments_throttle_hits_ip ON payments_throttle_hits (kind, ip, at)").run()
            try await sql.raw("CREATE INDEX payments_throttle_hits_account ON payments_throttle_hits (kind, account_id, at)").run()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(RequestOpenModel.schema).delete()
            try await database.schema(ThrottleHitModel.schema).delete()
        }
    }
}
