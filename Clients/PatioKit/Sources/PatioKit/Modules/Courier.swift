import Foundation
import GRDB
import OpenAPIRuntime
import PatioAPI

extension Patio {
    /// The Controller APP's calls: the agent's pickups, moving them on, and photo proof queued offline.
    public var courier: CourierFacade { CourierFacade(patio: self) }
}

/// Courier (Controller APP), for field agents.
public struct CourierFacade: Sendable {
    let patio: Patio

    /// The agent's pickups for a day (`yyyy-MM-dd`, today by default).
    public func agenda(day: String? = nil) async throws -> Components.Schemas.CourierAgenda {
        try await patio.call { try await patio.api.getCourierMyPickups(query: .init(day: day)).ok.body.json }
    }

    /// On the way to a pickup.
    public func start(pickupID: String) async throws -> Components.Schemas.CourierPickup {
        try await patio.call { try await patio.api.startCourierPickup(path: .init(id: pickupID), body: nil).ok.body.json }
    }

    /// Collected.
    public func collect(pickupID: String) async throws -> Components.Schemas.CourierPickup {
        try await patio.call { try await patio.api.collectCourierPickup(path: .init(id: pickupID), body: nil).ok.body.json }
    }

    /// Keeps a photo (JPEG) for a pickup in the store until ``uploadQueuedPhotos(from:)`` sends it: taken
    /// offline, it is not lost. Each photo has its own idempotency key, so a retried upload is one photo.
    public func queuePhoto(_ jpeg: Data, pickupID: String, in store: OfflineStore) throws {
        try store.database.write { db in
            try db.execute(
                sql: "INSERT INTO kit_photo_queue (key, pickup_id, bytes) VALUES (?, ?, ?)",
                arguments: ["photo-\(UUID().uuidString.lowercased())", pickupID, jpeg])
        }
    }

    /// Photos still waiting.
    public func queuedPhotoCount(in store: OfflineStore) throws -> Int {
        try store.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM kit_photo_queue") ?? 0 }
    }

    /// Uploads queued photos in the order they were taken; stops at the first that cannot be sent (offline)
    /// and keeps it and the rest. Returns the photos Patio now has.
    @discardableResult
    public func uploadQueuedPhotos(from store: OfflineStore) async throws -> [Components.Schemas.CourierPhoto] {
        var uploaded: [Components.Schemas.CourierPhoto] = []
        while let next = try store.database.read({ db in
            try Row.fetchOne(db, sql: "SELECT rowid, key, pickup_id, bytes FROM kit_photo_queue ORDER BY rowid LIMIT 1")
        }) {
            let key: String = next["key"], pickupID: String = next["pickup_id"], bytes: Data = next["bytes"], rowID: Int64 = next["rowid"]
            let photo = try await patio.call {
                let output = try await patio.api.uploadCourierPhoto(
                    query: .init(pickupId: pickupID), headers: .init(idempotencyKey: key),
                    body: .jpeg(HTTPBody(bytes)))
                // 201 the first time, 200 when an earlier attempt already reached Patio.
                if case .ok(let again) = output { return try again.body.json }
                return try output.created.body.json
            }
            try await store.database.write { db in try db.execute(sql: "DELETE FROM kit_photo_queue WHERE rowid = ?", arguments: [rowID]) }
            uploaded.append(photo)
        }
        return uploaded
    }
}
