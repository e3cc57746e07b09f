import FluentKit
import Foundation

/// A line of a student's kardex: a subject's final result, written when its period closed or added by the
/// school (equivalences, ETS). It copies the subject's clave, name, semester and credits as they were.
final class KardexLineModel: Model, @unchecked Sendable {
    static let schema = "campus_kardex"

    @ID(key: .id) var id: UUID?
    @Field(key: "student_id") var studentID: UUID
    @Field(key: "clave") var clave: String
    @Field(key: "subject_name") var subjectName: String
    @Field(key: "semester") var semester: Int
    @Field(key: "credits_hundredths") var creditsHundredths: Int
    /// `yyyy-MM-dd`.
    @Field(key: "taken_on") var takenOn: String
    @Field(key: "period_code") var periodCode: String
    /// `ORD`, `EXT` or `ETS`.
    @Field(key: "evaluation") var evaluation: String
    @Field(key: "grade") var grade: String
    /// `closing` (written by closing a period) or `school` (added by hand).
    @Field(key: "origin") var origin: String
    @Field(key: "created_at") var createdAt: Date

    init() {}
}

extension CampusMigrations {
    struct CreateKardex: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(KardexLineModel.schema)
                .id()
                .field("student_id", .uuid, .required, .references(StudentModel.schema, "id"))
                .field("clave", .string, .required)
                .field("subject_name", .string, .required)
                .field("semester", .int, .required)
                .field("credits_hundredths", .int, .required)
                .field("taken_on", .string, .required)
                .field("period_code", .string, .required)
                .field("evaluation", .string, .required)
                .field("grade", .string, .required)
                .field("origin", .string, .required)
                .field("created_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(KardexLineModel.schema).delete() }
    }
}
