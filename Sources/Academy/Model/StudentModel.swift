import FluentKit
import Foundation

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
