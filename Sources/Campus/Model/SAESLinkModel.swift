import FluentKit
import Foundation

/// A student's link to their school's SAES: what Patio keeps to read SAES for them. The session cookies,
/// the sign-in in progress and the password (only if the student asked) are sealed with Patio's key.
final class SAESLinkModel: Model, @unchecked Sendable {
    static let schema = "campus_saes_links"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    /// The school's SAES code (`escom`).
    @Field(key: "school") var school: String
    @OptionalField(key: "boleta") var boleta: String?
    /// `pending` (CAPTCHA shown), `linked`, `evaluation_required` or `session_ended`.
    @Field(key: "status") var status: String
    @OptionalField(key: "sealed_session") var sealedSession: String?
    @OptionalField(key: "sealed_password") var sealedPassword: String?
    @OptionalField(key: "sealed_challenge") var sealedChallenge: String?
    /// JSON list of the teachers SAES wants evaluated, when it does.
    @OptionalField(key: "teachers_to_evaluate") var teachersToEvaluate: String?
    @OptionalField(key: "linked_at") var linkedAt: Date?
    @OptionalField(key: "synced_at") var syncedAt: Date?
    @Field(key: "updated_at") var updatedAt: Date

    init() {}
}

/// One SAES page as last read for a student: the data Patio shows, how the reading went, when it changed.
final class SAESPageModel: Model, @unchecked Sendable {
    static let schema = "campus_saes_pages"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    /// `grades`, `schedule`, `kardex`, `personal_data`, `credits` or `photo`.
    @Field(key: "page") var page: String
    /// `current` (read in full), `partial` (read, some parts left out), `unreadable` (kept the last good
    /// data) or `failed` (SAES did not answer this page; kept the last good data).
    @Field(key: "status") var status: String
    /// The last good reading, as JSON; nil until one succeeds.
    @OptionalField(key: "data") var data: String?
    @Field(key: "problems") var problems: String
    /// SHA-256 of status, problems and data: an unchanged page is not written again.
    @Field(key: "digest") var digest: String
    @Field(key: "changed_at") var changedAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateSAESLinks: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SAESLinkModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("school", .string, .required)
                .field("boleta", .string)
                .field("status", .string, .required)
                .field("sealed_session", .string)
                .field("sealed_password", .string)
                .field("sealed_challenge", .string)
                .field("teachers_to_evaluate", .string)
                .field("linked_at", .datetime)
                .field("synced_at", .datetime)
                .field("updated_at", .datetime, .required)
                .unique(on: "account_id")
                .create()
            try await database.schema(SAESPageModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("page", .string, .required)
                .field("status", .string, .required)
                .field("data", .string)
                .field("problems", .string, .required)
                .field("digest", .string, .required)
                .field("changed_at", .datetime, .required)
                .unique(on: "account_id", "page")
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(SAESPageModel.schema).delete()
            try await database.schema(SAESLinkModel.schema).delete()
        }
    }
}
