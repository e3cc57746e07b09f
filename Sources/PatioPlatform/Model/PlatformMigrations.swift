import FluentKit
import Foundation

/// The client-app registry tables, and the five apps Patio was built for.
public enum PlatformMigrations {
    public static let all: [any Migration] = [
        CreateClientApps(), CreateConfigEntries(), RegisterSeedApps(), CreateServerSecrets(), CreateSyncTables(), CreateBlobs(), BoundSyncClientLog(),
        CreateOfflineTables(), CreateNotifications(), AddSyncRowData(),
    ]

    struct CreateClientApps: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(ClientAppModel.schema)
                .id()
                .field("slug", .string, .required)
                .field("name", .string, .required)
                .field("latest_version", .string, .required)
                .field("minimum_version", .string, .required)
                .field("store_url", .string)
                .field("updated_at", .datetime, .required)
                .unique(on: "slug")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(ClientAppModel.schema).delete() }
    }

    struct CreateConfigEntries: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(ConfigEntryModel.schema)
                .id()
                .field("app_id", .uuid, .required, .references(ClientAppModel.schema, "id", onDelete: .cascade))
                .field("key", .string, .required)
                .field("kind", .string, .required)
                .field("value_json", .string, .required)
                .field("updated_at", .datetime, .required)
                .unique(on: "app_id", "key")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(ConfigEntryModel.schema).delete() }
    }

    /// Kept by name because databases record it as applied. It registers nothing any more: each module
    /// declares its apps (`PatioModule.clientApps`) and `ClientAppService.register` adds them at start-up.
    struct RegisterSeedApps: AsyncMigration {
        func prepare(on database: any Database) async throws {}
        func revert(on database: any Database) async throws {}
    }

    struct CreateServerSecrets: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema("platform_secrets")
                .field("name", .string, .identifier(auto: false))
                .field("value", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema("platform_secrets").delete() }
    }
}
