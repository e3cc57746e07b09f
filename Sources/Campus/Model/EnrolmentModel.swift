import FluentKit
import Foundation

/// A student in a group, with the grades their teacher captures. A grade is its text as the school writes it:
/// `8.5`, `10`, `NP`, or nil when there is none yet.
final class EnrolmentModel: Model, @unchecked Sendable {
    static let schema = "campus_enrolments"

    @ID(key: .id) var id: UUID?
    @Field(key: "group_id") var groupID: UUID
    @Field(key: "student_id") var studentID: UUID
    /// The group's period and subject, kept here so "a subject once per student per period" is a unique index.
    @Field(key: "period_id") var periodID: UUID
    @Field(key: "subject_id") var subjectID: UUID
    @OptionalField(key: "partial1") var partial1: String?
    @OptionalField(key: "partial2") var partial2: String?
    @OptionalField(key: "partial3") var partial3: String?
    @OptionalField(key: "extraordinary") var extraordinary: String?
    @OptionalField(key: "final") var final: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateEnrolments: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(EnrolmentModel.schema)
                .id()
                .field("group_id", .uuid, .required, .references(GroupModel.schema, "id"))
                .field("student_id", .uuid, .required, .references(StudentModel.schema, "id"))
                .field("period_id", .uuid, .required, .references(PeriodModel.schema, "id"))
                .field("subject_id", .uuid, .required, .references(SubjectModel.schema, "id"))
                .field("partial1", .string)
                .field("partial2", .string)
                .field("partial3", .string)
                .field("extraordinary", .string)
                .field("final", .string)
                .field("created_at", .datetime, .required)
                .unique(on: "student_id", "period_id", "subject_id")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(EnrolmentModel.schema).delete() }
    }
}
