import FluentKit
import Foundation
import PatioData

/// The academy's record of a student; name, email and password live in the platform account.
final class StudentModel: Model, @unchecked Sendable {
    static let schema = "academy_students"

    @ID(key: .id) var id: UUID?
    @Field(key: "account_id") var accountID: UUID
    @Field(key: "dni") var dni: String
    @Field(key: "phone") var phone: String
    @OptionalField(key: "birthdate") var birthdate: String?
    @Field(key: "created_at") var createdAt: Date
    /// The academy's own flag: an inactive student cannot check in or be enrolled. The account stays as it is.
    @Field(key: "is_active") var isActive: Bool

    init() {}
}

extension AcademyMigrations {
    /// Students become active or inactive in the academy alone; the account's own flag belongs to the platform.
    /// Existing students start active.
    struct AddStudentActive: AsyncMigration {
        func prepare(on database: any Database) async throws {
            let sql = try database.sql
            try await sql.raw("ALTER TABLE academy_students ADD COLUMN is_active BOOLEAN NOT NULL DEFAULT TRUE").run()
        }

        func revert(on database: any Database) async throws {
            try await (try database.sql).raw("ALTER TABLE academy_students DROP COLUMN is_active").run()
        }
    }
}
