import FluentKit
import Foundation

/// How many units of a currency one euro buys, where that figure came from, and for which day.
final class RateModel: Model, @unchecked Sendable {
    static let schema = "payments_rates"

    @ID(custom: "currency", generatedBy: .user) var id: String?
    @Field(key: "per_euro") var perEuro: String
    @Field(key: "source") var source: String
    @Field(key: "as_of") var asOf: String
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension PaymentsMigrations {
    struct CreateRates: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(RateModel.schema)
                .field("currency", .string, .identifier(auto: false))
                .field("per_euro", .string, .required)
                .field("source", .string, .required)
                .field("as_of", .string, .required)
                .field("updated_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(RateModel.schema).delete() }
    }
}
