import FluentKit
import Foundation

/// A short welcome an employee sends a new hire; the new hire reads it on their dashboard.
final class WelcomeMessageModel: Model, @unchecked Sendable {
    static let schema = "onboarding_messages"

    @ID(key: .id) var id: UUID?
    @Field(key: "new_hire_id") var newHireID: UUID
    @Field(key: "author_id") var authorID: UUID
    @Field(key: "author_name") var authorName: String
    @Field(key: "text") var text: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension OnboardingMigrations {
    struct CreateMessages: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(WelcomeMessageModel.schema)
                .id()
                .field("new_hire_id", .uuid, .required)
                .field("author_id", .uuid, .required)
                .field("author_name", .string, .required)
                .field("text", .string, .required)
                .field("created_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(WelcomeMessageModel.schema).delete() }
    }
}
