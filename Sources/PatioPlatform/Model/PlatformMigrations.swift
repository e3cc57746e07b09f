import FluentKit
import Foundation

/// The client-app registry tables, and the five apps Patio was built for.
public enum PlatformMigrations {
    public static let all: [any Migration] = [CreateClientApps(), CreateConfigEntries(), RegisterSeedApps(), CreateServerSecrets(), CreateSyncTables(), CreateBlobs(), BoundSyncClientLog(), CreateOfflineTables()]

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

    /// The seed apps exist from the first start so their clients can ask for versions right away.
    struct RegisterSeedApps: AsyncMigration {
        static let apps: [(slug: String, name: String)] = [
            ("classly", "Classly"), ("controller-app", "Controller APP"), ("saes", "SAES"),
            ("interpay", "InterPay"), ("jappical", "JAppical"),
        ]

        func prepare(on database: any Database) async throws {
            for app in Self.apps {
                try await ClientAppModel(slug: app.slug, name: app.name, latest: "1.0.0", minimum: "1.0.0", storeURL: nil, updatedAt: Date()).create(on: database)
            }
        }

        func revert(on database: any Database) async throws {
            try await ClientAppModel.query(on: database).filter(\.$slug ~~ Self.apps.map(\.slug)).delete()
        }
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
