import FluentKit
import Foundation

/// Someone joining the company: shown to everyone on the dashboard in the month they start.
final class NewHireModel: Model, @unchecked Sendable {
    static let schema = "onboarding_new_hires"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    /// `yyyy-MM-dd`, a day in the company's time zone (sorts as text).
    @Field(key: "start_date") var startDate: String
    @Field(key: "team") var team: String
    @Field(key: "role") var role: String
    @OptionalField(key: "email") var email: String?
    /// The photo in the blob store; none means initials.
    @OptionalField(key: "avatar_id") var avatarID: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

extension OnboardingMigrations {
    struct CreateNewHires: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(NewHireModel.schema)
                .id()
                .field("name", .string, .required)
                .field("start_date", .string, .required)
                .field("team", .string, .required)
                .field("role", .string, .required)
                .field("email", .string)
                .field("created_at", .datetime, .required)
                .field("updated_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(NewHireModel.schema).delete() }
    }
}

extension OnboardingMigrations {
    struct AddNewHireAvatar: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(NewHireModel.schema).field("avatar_id", .uuid).update()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(NewHireModel.schema).deleteField("avatar_id").update()
        }
    }
}
