import FluentKit
import Foundation

/// A passkey registered to an account: its public key and counter, never anything secret.
final class PasskeyModel: Model, @unchecked Sendable {
    static let schema = "identity_passkeys"

    @ID(key: .id) var id: UUID?
    /// The authenticator's credential id, base64url.
    @Field(key: "credential_id") var credentialID: String
    @Field(key: "account_id") var accountID: UUID
    /// The COSE public key as the authenticator sent it, base64url.
    @Field(key: "public_key") var publicKey: String
    @Field(key: "algorithm") var algorithm: Int
    @Field(key: "sign_count") var signCount: Int
    @Field(key: "transports") var transports: String
    @Field(key: "backup_eligible") var backupEligible: Bool
    @Field(key: "backed_up") var backedUp: Bool
    @Field(key: "name") var name: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}
}

/// A challenge handed to a browser, answerable once before it expires. Registration challenges belong to
/// the session that asked for them.
final class PasskeyChallengeModel: Model, @unchecked Sendable {
    static let schema = "identity_passkey_challenges"

    @ID(key: .id) var id: UUID?
    /// base64url of 32 random bytes.
    @Field(key: "challenge") var challenge: String
    @Field(key: "purpose") var purpose: String
    @OptionalField(key: "session_id") var sessionID: UUID?
    @Field(key: "expires_at") var expiresAt: Date
    /// Set by the one attempt that consumed the challenge (a marker, so racing attempts can tell who won).
    @OptionalField(key: "used_by") var usedBy: UUID?

    init() {}
}

extension IdentityMigrations {
    struct CreatePasskeys: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(PasskeyModel.schema)
                .id()
                .field("credential_id", .string, .required)
                .field("account_id", .uuid, .required, .references(AccountModel.schema, "id"))
                .field("public_key", .string, .required)
                .field("algorithm", .int, .required)
                .field("sign_count", .int64, .required)
                .field("transports", .string, .required)
                .field("backup_eligible", .bool, .required)
                .field("backed_up", .bool, .required)
                .field("name", .string, .required)
                .field("created_at", .datetime, .required)
                .field("last_used_at", .datetime)
                .unique(on: "credential_id")
                .create()
            try await database.schema(PasskeyChallengeModel.schema)
                .id()
                .field("challenge", .string, .required)
                .field("purpose", .string, .required)
                .field("session_id", .uuid)
                .field("expires_at", .datetime, .required)
                .field("used_by", .uuid)
                .unique(on: "challenge")
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(PasskeyChallengeModel.schema).delete()
            try await database.schema(PasskeyModel.schema).delete()
        }
    }
}
