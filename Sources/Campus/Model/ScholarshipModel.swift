import FluentKit
import Foundation

/// A scholarship students can apply for, with its status, amount and where to apply.
final class ScholarshipModel: Model, @unchecked Sendable {
    static let schema = "campus_scholarships"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    /// `open`, `registration_open`, `upcoming` or `closed`.
    @Field(key: "status") var status: String
    /// Minor units of `currency`.
    @Field(key: "amount_minor") var amountMinor: Int
    @Field(key: "currency") var currency: String
    /// `monthly`, `bimonthly`, `semester`, `yearly` or `once`.
    @Field(key: "periodicity") var periodicity: String
    /// `economic`, `transport`, `food`, `tuition` or `other`.
    @Field(key: "benefit_type") var benefitType: String
    @Field(key: "link") var link: String
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateScholarships: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(ScholarshipModel.schema)
                .id()
                .field("name", .string, .required)
                .field("description", .string, .required)
                .field("status", .string, .required)
                .field("amount_minor", .int, .required)
                .field("currency", .string, .required)
                .field("periodicity", .string, .required)
                .field("benefit_type", .string, .required)
                .field("link", .string, .required)
                .field("updated_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(ScholarshipModel.schema).delete() }
    }
}
