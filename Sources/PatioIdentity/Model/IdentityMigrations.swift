import FluentKit
import PatioData
import SQLKit

/// The identity tables, in creation order.
public enum IdentityMigrations {
    public static let all: [any Migration] = [
        CreateAccounts(), CreateRoleGrants(), CreateSessions(), CreateLoginFailures(), CreatePasskeys(), AddSessionAuthentication(),
        AddProfileVersion(),
    ]

    struct CreateAccounts: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(AccountModel.schema)
                .id()
                .field("email", .string, .required)
                .field("name", .string, .required)
                .field("search_text", .string, .required)
                .field("locale", .string, .required)
                .field("password_hash", .string, .required)
                .field("is_active", .bool, .required)
                .field("created_at", .datetime, .required)
                .unique(on: "email")
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(AccountModel.schema).delete()
        }
    }

    struct CreateRoleGrants: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(RoleGrantModel.schema)
                .id()
                .field("account_id", .uuid, .required, .references(AccountModel.schema, "id", onDelete: .cascade))
                .field("role", .string, .required)
                .field("granted_at", .datetime, .required)
                .unique(on: "account_id", "role")
                .create()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(RoleGrantModel.schema).delete()
        }
    }

    struct CreateSessions: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SessionModel.schema)
                .id()
                .field("account_id", .uuid, .required, .references(AccountModel.schema, "id", onDelete: .cascade))
                .field("token_hash", .string, .required)
                .field("created_at", .datetime, .required)
                .field("expires_at", .datetime, .required)
                .field("revoked_at", .datetime)
                .unique(on: "token_hash")
                .create()
            try await (try database.sql).create(index: "sessions_account_idx").on(SessionModel.schema).column("account_id").run()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(SessionModel.schema).delete()
        }
    }

    struct CreateLoginFailures: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(LoginFailureModel.schema)
                .id()
                .field("email", .string, .required)
                .field("ip", .string, .required)
                .field("failed_at", .datetime, .required)
                .create()
            let sql = try database.sql
            try await sql.create(index: "login_failures_email_idx").on(LoginFailureModel.schema).column("email").column("failed_at").run()
            try await sql.create(index: "login_failures_ip_idx").on(LoginFailureModel.schema).column("ip").column("failed_at").run()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(LoginFailureModel.schema).delete()
        }
    }

    /// Sessions remember their last re-authentication, so adding a passkey can ask for a recent one.
    struct AddSessionAuthentication: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(SessionModel.schema).field("authenticated_at", .datetime).update()
        }

        func revert(on database: any Database) async throws {
            try await database.schema(SessionModel.schema).deleteField("authenticated_at").update()
        }
    }

    /// Every change of an account's name, email or language counts itself, so that an instance that has several
    /// changes of one account in flight knows which committed last (`SessionCache.endChange`).
    struct AddProfileVersion: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await (try database.sql).raw("ALTER TABLE accounts ADD COLUMN profile_version BIGINT NOT NULL DEFAULT 0").run()
        }

        func revert(on database: any Database) async throws {
            try await (try database.sql).raw("ALTER TABLE accounts DROP COLUMN profile_version").run()
        }
    }
}
