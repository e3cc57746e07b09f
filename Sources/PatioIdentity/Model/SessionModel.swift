import FluentKit
import Foundation

/// A signed-in session. Only the SHA-256 of its token is stored, so a database leak yields no sessions.
public final class SessionModel: Model, @unchecked Sendable {
    public static let schema = "sessions"

    @ID(key: .id) public var id: UUID?
    @Parent(key: "account_id") public var account: AccountModel
    @Field(key: "token_hash") public var tokenHash: String
    @Field(key: "created_at") public var createdAt: Date
    @Field(key: "expires_at") public var expiresAt: Date
    @OptionalField(key: "revoked_at") public var revokedAt: Date?
    /// The last re-authentication in this session; sign-in itself counts as `createdAt`.
    @OptionalField(key: "authenticated_at") public var authenticatedAt: Date?

    public init() {}

    public init(accountID: UUID, tokenHash: String, createdAt: Date, expiresAt: Date) {
        self.id = UUID()
        self.$account.id = accountID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
