import FluentKit
import Foundation

/// A person's InterPay profile: business or customer, home currency, and their preferences.
final class PaymentsProfileModel: Model, @unchecked Sendable {
    static let schema = "payments_profiles"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    @Field(key: "kind") var kind: String
    @Field(key: "currency") var currency: String
    @OptionalField(key: "business_name") var businessName: String?
    @OptionalField(key: "category") var category: String?
    @OptionalField(key: "latitude") var latitude: Double?
    @OptionalField(key: "longitude") var longitude: Double?
    @Field(key: "preferred_currency") var preferredCurrency: String
    @Field(key: "dark_theme") var darkTheme: Bool
    @Field(key: "use_passkey") var usePasskey: Bool
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

/// A ledger account: a person's wallet, or the external funding source of a currency. Its balance is kept in
/// the same transaction as every entry that moves it.
final class LedgerAccountModel: Model, @unchecked Sendable {
    static let schema = "payments_accounts"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "owner_id") var ownerID: UUID?
    @Field(key: "kind") var kind: String
    @Field(key: "currency") var currency: String
    @Field(key: "balance") var balance: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

/// One balanced, immutable movement of money. Its id is the client's idempotency key.
final class TransferModel: Model, @unchecked Sendable {
    static let schema = "payments_transfers"

    @ID(key: .id) var id: UUID?
    @Field(key: "reason") var reason: String
    @OptionalField(key: "caused_by") var causedBy: String?
    @Field(key: "fingerprint") var fingerprint: String
    @OptionalField(key: "initiated_by") var initiatedBy: UUID?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

/// One leg of a transfer: a signed amount on one ledger account (credit positive, debit negative).
final class LedgerEntryModel: Model, @unchecked Sendable {
    static let schema = "payments_entries"

    @ID(key: .id) var id: UUID?
    @Field(key: "transfer_id") var transferID: UUID
    @Field(key: "account_id") var accountID: UUID
    @Field(key: "amount") var amount: Int
    @Field(key: "currency") var currency: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension PaymentsMigrations {
    struct CreateLedger: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PaymentsProfileModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("kind", .string, .required)
                .field("currency", .string, .required)
                .field("business_name", .string)
                .field("category", .string)
                .field("latitude", .double)
                .field("longitude", .double)
                .field("preferred_currency", .string, .required)
                .field("dark_theme", .bool, .required)
                .field("use_passkey", .bool, .required)
                .field("created_at", .datetime, .required)
                .unique(on: "account_id")
                .create()
            try await database.schema(LedgerAccountModel.schema)
                .id()
                .field("owner_id", .uuid)
                .field("kind", .string, .required)
                .field("currency", .string, .required)
                .field("balance", .int, .required)
                .field("created_at", .datetime, .required)
                .unique(on: "owner_id", "kind", "currency")
                .create()
            try await database.schema(TransferModel.schema)
                .id()
                .field("reason", .string, .required)
                .field("caused_by", .string)
                .field("fingerprint", .string, .required)
                .field("initiated_by", .uuid)
                .field("created_at", .datetime, .required)
                .create()
            try await database.schema(LedgerEntryModel.schema)
                .id()
                .field("transfer_id", .uuid, .required, .references(TransferModel.schema, "id"))
                .field("account_id", .uuid, .required, .references(LedgerAccountModel.schema, "id"))
                .field("amount", .int, .required)
                .field("currency", .string, .required)
                .field("created_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws {
            for schema in [LedgerEntryModel.schema, TransferModel.schema, LedgerAccountModel.schema, PaymentsProfileModel.schema] {
                try await database.schema(schema).delete()
            }
        }
    }
}
