import FluentKit
import Foundation

/// The company's onboarding settings: one row.
final class OnboardingSettingsModel: Model, @unchecked Sendable {
    static let schema = "onboarding_settings"

    @ID(custom: "id", generatedBy: .user) var id: Int?
    @Field(key: "company_name") var companyName: String
    @Field(key: "time_zone") var timeZone: String

    init() {}
}

extension OnboardingMigrations {
    struct CreateSettings: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(OnboardingSettingsModel.schema)
                .field("id", .int, .identifier(auto: false))
                .field("company_name", .string, .required)
                .field("time_zone", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(OnboardingSettingsModel.schema).delete() }
    }
}
