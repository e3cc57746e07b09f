import FluentKit
import Foundation

/// A student's school record header: their account, boleta, school, career and plan, personal data (as the
/// school keeps it), photo and calendar-feed generation.
final class StudentModel: Model, @unchecked Sendable {
    static let schema = "campus_students"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    /// The student number, ten digits: `2021630001`.
    @Field(key: "boleta") var boleta: String
    @Field(key: "school_id") var schoolID: UUID
    @Field(key: "career_id") var careerID: UUID
    @Field(key: "plan_id") var planID: UUID
    /// `PersonalData` as JSON: the school's fields plus the address and contact the student keeps up to date.
    @Field(key: "personal") var personal: String
    /// The blob store key of the photo, if the school has one.
    @OptionalField(key: "photo_blob") var photoBlob: String?
    /// Bumped to revoke every calendar-feed link handed out so far.
    @Field(key: "feed_generation") var feedGeneration: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateStudents: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(StudentModel.schema)
                .id()
                .field("account_id", .uuid, .required)
                .field("boleta", .string, .required)
                .field("school_id", .uuid, .required, .references(SchoolModel.schema, "id"))
                .field("career_id", .uuid, .required, .references(CareerModel.schema, "id"))
                .field("plan_id", .uuid, .required, .references(PlanModel.schema, "id"))
                .field("personal", .string, .required)
                .field("photo_blob", .string)
                .field("feed_generation", .int, .required)
                .field("created_at", .datetime, .required)
                .unique(on: "account_id")
                .unique(on: "boleta")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(StudentModel.schema).delete() }
    }
}
