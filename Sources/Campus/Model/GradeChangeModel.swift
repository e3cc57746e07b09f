import FluentKit
import Foundation

/// One change of one grade: who made it, when, and the value before and after.
final class GradeChangeModel: Model, @unchecked Sendable {
    static let schema = "campus_grade_changes"

    @ID(key: .id) var id: UUID?
    @Field(key: "enrolment_id") var enrolmentID: UUID
    /// `partial1`, `partial2`, `partial3`, `extraordinary` or `final`.
    @Field(key: "assessment") var assessment: String
    @OptionalField(key: "before") var before: String?
    @OptionalField(key: "after") var after: String?
    @Field(key: "actor_account_id") var actorAccountID: UUID
    /// The actor's name as it read then, so the history stays readable if the account is renamed.
    @Field(key: "actor_name") var actorName: String
    @Field(key: "at") var at: Date
    /// Orders changes made in the same instant (one capture writes several).
    @Field(key: "sequence") var sequence: Int

    init() {}
}

extension CampusMigrations {
    struct CreateGradeChanges: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(GradeChangeModel.schema)
                .id()
                .field("enrolment_id", .uuid, .required, .references(EnrolmentModel.schema, "id"))
                .field("assessment", .string, .required)
                .field("before", .string)
                .field("after", .string)
                .field("actor_account_id", .uuid, .required)
                .field("actor_name", .string, .required)
                .field("at", .datetime, .required)
                .field("sequence", .int, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(GradeChangeModel.schema).delete() }
    }
}
