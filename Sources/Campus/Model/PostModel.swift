import FluentKit
import Foundation

/// A piece of school news or an announcement (informative, maintenance, academic or urgent).
final class PostModel: Model, @unchecked Sendable {
    static let schema = "campus_posts"

    @ID(key: .id) var id: UUID?
    /// `news` or `announcement`.
    @Field(key: "kind") var kind: String
    @Field(key: "title") var title: String
    @Field(key: "body") var body: String
    /// Announcements only: `informative`, `maintenance`, `academic` or `urgent`.
    @OptionalField(key: "category") var category: String?
    /// 1 (low) … 3 (high).
    @Field(key: "importance") var importance: Int
    @Field(key: "published_at") var publishedAt: Date
    @OptionalField(key: "expires_at") var expiresAt: Date?
    /// School codes the post is for, comma separated; empty means every school.
    @Field(key: "school_codes") var schoolCodes: String

    init() {}
}

extension CampusMigrations {
    struct CreatePosts: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PostModel.schema)
                .id()
                .field("kind", .string, .required)
                .field("title", .string, .required)
                .field("body", .string, .required)
                .field("category", .string)
                .field("importance", .int, .required)
                .field("published_at", .datetime, .required)
                .field("expires_at", .datetime)
                .field("school_codes", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(PostModel.schema).delete() }
    }
}
