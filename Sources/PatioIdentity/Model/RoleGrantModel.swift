import FluentKit
import Foundation

/// One role held by one account, such as a module's `<module>.admin` or the platform `admin`.
public final class RoleGrantModel: Model, @unchecked Sendable {
    public static let schema = "role_grants"

    @ID(key: .id) public var id: UUID?
    @Parent(key: "account_id") public var account: AccountModel
    @Field(key: "role") public var role: String
    @Field(key: "granted_at") public var grantedAt: Date

    public init() {}

    public init(accountID: UUID, role: String, grantedAt: Date) {
        self.id = UUID()
        self.$account.id = accountID
        self.role = role
        self.grantedAt = grantedAt
    }
}
