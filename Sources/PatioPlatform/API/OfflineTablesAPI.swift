import Hummingbird
import PatioCore

/// `GET /api/v1/offline-tables`: the tables the signed-in account's devices keep, each filled from a sync
/// collection the account may pull (docs/sync.md, "Offline tables").
public enum OfflineTablesAPI {
    public static func register(on routes: PatioRoutes, registry: OfflineTableRegistry, sync: SyncService) {
        routes.get("/api/v1/offline-tables", .signedIn) { _, context in
            let principal = try context.requirePrincipal()
            return try .json(Items(items: try await registry.published { sync.canSync($0, principal: principal) }))
        }
    }
}
