import FluentKit
import Foundation

/// A group (`3CM1`) teaching one subject in one period, with its teacher, shift and quota.
final class GroupModel: Model, @unchecked Sendable {
    static let schema = "campus_groups"

    @ID(key: .id) var id: UUID?
    @Field(key: "period_id") var periodID: UUID
    @Field(key: "subject_id") var subjectID: UUID
    @Field(key: "code") var code: String
    /// The teacher's Patio account; nil while the school has not assigned one.
    @OptionalField(key: "teacher_account_id") var teacherAccountID: UUID?
    /// `morning` or `evening` (matutino / vespertino).
    @Field(key: "shift") var shift: String
    @Field(key: "quota") var quota: Int

    init() {}
}

extension CampusMigrations {
    struct CreateGroups: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(GroupModel.schema)
                .id()
                .field("period_id", .uuid, .required, .references(PeriodModel.schema, "id"))
                .field("subject_id", .uuid, .required, .references(SubjectModel.schema, "id"))
                .field("code", .string, .required)
                .field("teacher_account_id", .uuid)
                .field("shift", .string, .required)
                .field("quota", .int, .required)
                .unique(on: "period_id", "code", "subject_id")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(GroupModel.schema).delete() }
    }
}
