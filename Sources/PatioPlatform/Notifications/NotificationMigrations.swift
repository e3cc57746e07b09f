import FluentKit
import PatioIdentity
import SQLKit

/// The inbox, each account's choices, the devices that receive pushes and the outbox of deliveries to them.
///
/// A notification's deliveries are written in the same transaction as the notification, which is written in
/// the same transaction as the change that caused it: a change rolled back sends nothing, and a committed
/// one has its deliveries waiting for the worker even if the process stops a moment later.
struct CreateNotifications: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("platform_notifications")
            .id()
            .field("account_id", .uuid, .required, .references(AccountModel.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("parameters", .string, .required)
            .field("link", .string, .required)
            .field("collapse_key", .string)
            .field("created_at", .datetime, .required)
            .field("read_at", .datetime)
            .create()
        let sql = try database.sql
        try await sql.create(index: "platform_notifications_inbox_idx").on("platform_notifications").column("account_id").column("created_at").run()

        try await database.schema("platform_notification_choices")
            .field("account_id", .uuid, .required, .references(AccountModel.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)
            .field("channel", .string, .required)
            .field("enabled", .bool, .required)
            .compositeIdentifier(over: "account_id", "kind", "channel")
            .create()

        try await database.schema("platform_notification_settings")
            .field("account_id", .uuid, .identifier(auto: false), .references(AccountModel.schema, "id", onDelete: .cascade))
            .field("lock_screen_details", .bool, .required)
            .create()

        try await database.schema("platform_push_devices")
            .id()
            .field("account_id", .uuid, .required, .references(AccountModel.schema, "id", onDelete: .cascade))
            .field("session_id", .uuid)
            .field("channel", .string, .required)
            .field("address", .string, .required)
            .field("public_key", .string)
            .field("secret", .string)
            .field("created_at", .datetime, .required)
            .unique(on: "channel", "address")
            .create()
        try await sql.create(index: "platform_push_devices_account_idx").on("platform_push_devices").column("account_id").run()

        try await database.schema("platform_notification_deliveries")
            .id()
            .field("notification_id", .uuid, .required, .references("platform_notifications", "id", onDelete: .cascade))
            // A device removed (by its owner, or gone at its push service) keeps its deliveries' history.
            .field("device_id", .uuid, .references("platform_push_devices", "id", onDelete: .setNull))
            .field("channel", .string, .required)
            .field("state", .string, .required)
            .field("attempts", .int, .required)
            .field("due_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .field("last_status", .int)
            .field("last_error", .string)
            .field("updated_at", .datetime, .required)
            .create()
        try await sql.create(index: "platform_notification_deliveries_due_idx").on("platform_notification_deliveries").column("state").column(
            "due_at"
        )
        .run()
    }

    func revert(on database: any Database) async throws {
        for table in [
            "platform_notification_deliveries", "platform_push_devices", "platform_notification_settings", "platform_notification_choices",
            "platform_notifications",
        ] {
            try await database.schema(table).delete()
        }
    }
}
