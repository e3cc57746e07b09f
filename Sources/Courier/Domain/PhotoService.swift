import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import PhotoProcessing

/// A photo as the API shows it; the image and thumbnail are fetched from their URLs.
struct PhotoView: Codable, Sendable, Equatable {
    @WireID var id: UUID
    var name: String
    @WireID var pickupId: UUID?
    var contentType: String
    var size: Int
    var width: Int
    var height: Int
    var hasLocation: Bool
    var createdAt: Date
    var url: String
    var thumbnailUrl: String
}

/// Agents' photos: uploaded once per idempotency key (a retry answers the first photo), typed by magic
/// bytes (JPEG, PNG, HEIC), location removed unless the agent keeps it, a JPEG thumbnail made, and named
/// `photo-NNN` from the agent's counter, so names are unique and never reused, whatever runs concurrently
/// or is deleted. Images live in the platform blob store.
struct PhotoService: Sendable {
    let database: PatioDatabase
    let agents: AgentService
    let blobs: BlobStore
    let clock: PatioClock
    let events: EventBus
    /// Where the image codecs run: a limited worker process per photo (PhotoCodecs.live), never this process.
    var codecs: PhotoCodecs = .live
    let feed = SyncFeed()

    static let collection = "courier.photos"
    /// Phone cameras write 2 to 5 MB; larger uploads are refused before they are read.
    static let maxBytes = 8 * 1024 * 1024
    static let thumbnailSide = 320
    static let notFound = AppError.notFound(code: "photo_not_found", "No photo has this id.")

    static func name(_ number: Int) -> String { "photo-" + String(format: "%03d", number) }

    /// Stores an upload for the signed-in agent; answers the photo and whether it is new (`false` when the
    /// key was used before with the same bytes).
    func upload(_ bytes: [UInt8], key: String?, keepLocation: Bool, pickupID: UUID?, by principal: Principal) async throws -> (
        PhotoView, created: Bool
    ) {
        guard let key, (1...64).contains(key.count), key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw AppError.badRequest(
                code: "idempotency_key_required", "Send an Idempotency-Key header (1 to 64 letters, digits, - or _); retry with the same one.")
        }
        let agent = try await agents.workingProfile(principal)
        guard !bytes.isEmpty else { throw AppError.validation(field: "photo", "The photo is empty.", code: "photo_empty") }
        guard bytes.count <= Self.maxBytes else {
            throw AppError(.contentTooLarge, code: "photo_too_large", detail: "A photo may be at most \(Self.maxBytes / 1024 / 1024) MB.")
        }
        let digest = Hex.encode(SHA256.hash(data: bytes))
        if let existing = try await PhotoModel.query(on: try database.reader).filter(\.$agentID == agent.id!).filter(\.$clientKey == key).first() {
            return (try replay(existing, digest: digest), false)
        }
        guard let format = PhotoFormat.detect(bytes) else {
            throw AppError(.unsupportedMediaType, code: "photo_type_unsupported", detail: "Send a JPEG, PNG or HEIC photo.")
        }
        // Decoding and scaling are slow: done before the write so the writer is never held by image work.
        let stored = keepLocation ? bytes : LocationMetadata.stripped(bytes, format: format)
        let hasLocation = LocationMetadata.isPresent(in: stored, format: format)
        // A position Patio cannot remove (inside a JPEG whose first image never says where it ends, say) is
        // refused rather than stored against the agent's choice, before any worker decodes it.
        if hasLocation, !keepLocation {
            throw AppError(
                .unprocessableContent, code: "photo_location_unremovable",
                detail: "This photo carries its location where Patio cannot remove it. Take the photo again, or allow keeping its location.")
        }
        let decoded = try await Self.decode(stored, format: format, owner: agent.accountID.uuidString, with: codecs)
        let thumbnail = decoded.jpeg
        let size = (width: decoded.width, height: decoded.height)
        let now = clock.now()
        do {
            let photo: PhotoModel = try await database.write { db in
                try await feed.lock(on: db)
                if let pickupID { try await requireAttachable(pickupID, agent: agent, on: db) }
                let photo = PhotoModel()
                photo.id = UUID()
                photo.agentID = agent.id!
                photo.agentAccountID = agent.accountID
                photo.name = Self.name(try await takeNumber(agent.id!, on: db))
                photo.pickupID = pickupID
                photo.blobID = try await blobs.put(stored, contentType: format.rawValue, on: db)
                photo.thumbnailBlobID = try await blobs.put(thumbnail, contentType: "image/jpeg", on: db)
                photo.contentType = format.rawValue
                photo.size = stored.count
                photo.width = size.width
                photo.height = size.height
                photo.hasLocation = hasLocation
                photo.clientKey = key
                photo.digest = digest
                photo.createdAt = now
                try await photo.create(on: db)
                try await feed.recordPut(
                    Self.collection, id: photo.id!, scope: PickupService.scope(agent.accountID), changed: PhotoWire.columns, on: db)
                if let pickupID { try await touchPickup(pickupID, on: db) }
                return photo
            }
            if pickupID != nil { await events.publish(topic: PickupService.boardTopic, type: "photo") }
            return (Self.view(photo), true)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The same key arrived twice at once: the other request stored it first.
            guard
                let existing = try await PhotoModel.query(on: try database.reader).filter(\.$agentID == agent.id!).filter(\.$clientKey == key).first()
            else {
                throw AppError.conflict(
                    code: "photo_upload_conflict", "Another upload changed this agent's photos at the same moment; send it again with the same key.")
            }
            return (try replay(existing, digest: digest), false)
        }
    }

    /// Size and thumbnail from the codecs (one worker at a time per agent), their refusals as problems; nothing
    /// has been stored yet.
    static func decode(_ bytes: [UInt8], format: PhotoFormat, owner: String, with codecs: PhotoCodecs) async throws -> Thumbnail.Result {
        do {
            return try await codecs.thumbnail(bytes, format, Self.thumbnailSide, owner)
        } catch PhotoError.tooLarge {
            throw AppError(
                .unprocessableContent, code: "image_too_large",
                detail:
                    """
                    This image has more than \(Thumbnail.maxPixels / 1_000_000) megapixels or a side over \(Thumbnail.maxSide) pixels; send the \
                    camera's photo as taken.
                    """
            )
        } catch PhotoError.tooComplex {
            throw AppError(
                .unprocessableContent, code: "image_too_complex",
                detail: "This image needs more work to decode than a photo does; take the photo again.")
        } catch PhotoError.busy {
            throw AppError(
                .serviceUnavailable, code: "photo_processing_busy", detail: "Photos are being processed; send this one again in a moment.",
                headers: ["Retry-After": "5"])
        } catch PhotoError.workerUnavailable {
            throw AppError(
                .serviceUnavailable, code: "photo_processing_unavailable", detail: "Photos cannot be processed right now.",
                headers: ["Retry-After": "30"])
        } catch {
            throw AppError.validation(field: "photo", "This image cannot be read; take the photo again.", code: "photo_unreadable")
        }
    }

    private func replay(_ existing: PhotoModel, digest: String) throws -> PhotoView {
        guard existing.digest == digest else {
            throw AppError(
                .unprocessableContent, code: "idempotency_key_reused",
                detail: "This Idempotency-Key was used for another photo; use a new key for a new photo.")
        }
        return Self.view(existing)
    }

    /// The agent's next photo number, taken from their counter in the caller's transaction.
    private func takeNumber(_ agentID: UUID, on db: any Database) async throws -> Int {
        guard let agent = try await AgentModel.find(agentID, on: db) else { throw AgentService.notFound }
        let number = agent.nextPhotoNumber
        try await AgentModel.query(on: db).filter(\.$id == agentID).filter(\.$nextPhotoNumber == number)
            .set(\.$nextPhotoNumber, to: number + 1).update()
        return number
    }

    /// The agent's gallery, newest first.
    func gallery(_ principal: Principal) async throws -> [PhotoView] {
        let agent = try await agents.workingProfile(principal)
        return try await PhotoModel.query(on: try database.reader).filter(\.$agentID == agent.id!).sort(\.$createdAt, .descending)
            .sort(\.$name, .descending).all().map(Self.view)
    }

    /// A pickup's photos (the pickup's access rule applies first).
    func photos(ofPickup pickupID: UUID) async throws -> [PhotoView] {
        try await PhotoModel.query(on: try database.reader).filter(\.$pickupID == pickupID).sort(\.$name).all().map(Self.view)
    }

    /// The photo if `viewer` may see it: dispatch any, an agent their own.
    func find(_ id: UUID, viewer: Principal) async throws -> PhotoModel {
        guard let photo = try await PhotoModel.find(id, on: try database.reader) else { throw Self.notFound }
        if !viewer.has(role: CourierRoles.admin) && photo.agentAccountID != viewer.accountID { throw Self.notFound }
        return photo
    }

    func image(_ id: UUID, thumbnail: Bool, viewer: Principal) async throws -> BlobStore.Blob {
        let photo = try await find(id, viewer: viewer)
        guard let blob = try await blobs.get(thumbnail ? photo.thumbnailBlobID : photo.blobID) else { throw Self.notFound }
        return blob
    }

    /// Attaches the agent's photo to one of their open pickups, or back to the gallery (`pickupID` nil).
    func attach(_ id: UUID, to pickupID: UUID?, by principal: Principal) async throws -> PhotoView {
        let agent = try await agents.workingProfile(principal)
        let photo: PhotoModel = try await database.write { db in
            try await feed.lock(on: db)
            let photo = try await attach(id, to: pickupID, agent: agent, on: db)
            return photo
        }
        await events.publish(topic: PickupService.boardTopic, type: "photo")
        return Self.view(photo)
    }

    /// The attach rule inside a caller's transaction (the API's or a sync push's).
    /// `recordInFeed` is false for a sync push, whose service records the photo's feed entry itself.
    func attach(_ id: UUID, to pickupID: UUID?, agent: AgentModel, on db: any Database, recordInFeed: Bool = true) async throws -> PhotoModel {
        guard let photo = try await PhotoModel.find(id, on: db), photo.agentID == agent.id else { throw Self.notFound }
        guard photo.pickupID != pickupID else { return photo }
        // A push locks only its own rows: the pickups this reads and touches are locked before they are read.
        try await feed.lockRows(PickupService.collection, ids: [photo.pickupID, pickupID].compactMap { $0 }, on: db)
        if let current = photo.pickupID { try await requireDetachable(current, on: db) }
        if let pickupID { try await requireAttachable(pickupID, agent: agent, on: db) }
        let previous = photo.pickupID
        photo.pickupID = pickupID
        try await photo.save(on: db)
        if recordInFeed {
            try await feed.recordPut(Self.collection, id: photo.id!, scope: PickupService.scope(agent.accountID), changed: ["pickupId"], on: db)
        }
        for touched in [previous, pickupID].compactMap({ $0 }) { try await touchPickup(touched, on: db) }
        return photo
    }

    /// Deletes the agent's photo, unless it is the proof of a collected pickup. Its name is never given again.
    func delete(_ id: UUID, by principal: Principal) async throws {
        let agent = try await agents.workingProfile(principal)
        try await database.write { db in
            try await feed.lock(on: db)
            try await delete(id, agent: agent, on: db)
        }
        await events.publish(topic: PickupService.boardTopic, type: "photo")
    }

    func delete(_ id: UUID, agent: AgentModel, on db: any Database, recordInFeed: Bool = true) async throws {
        guard let photo = try await PhotoModel.find(id, on: db), photo.agentID == agent.id else { throw Self.notFound }
        if let pickupID = photo.pickupID {
            try await feed.lockRows(PickupService.collection, ids: [pickupID], on: db)
            try await requireDetachable(pickupID, on: db)
        }
        try await photo.delete(on: db)
        try await blobs.delete(photo.blobID, on: db)
        try await blobs.delete(photo.thumbnailBlobID, on: db)
        if recordInFeed { try await feed.recordDelete(Self.collection, id: id, on: db) }
        if let pickupID = photo.pickupID { try await touchPickup(pickupID, on: db) }
    }

    // MARK: Rules

    private func requireAttachable(_ pickupID: UUID, agent: AgentModel, on db: any Database) async throws {
        guard let pickup = try await PickupModel.find(pickupID, on: db), pickup.agentID == agent.id else {
            throw AppError.validation(field: "pickupId", "This pickup is not assigned to you.", code: "pickup_not_yours")
        }
        guard let state = PickupState(rawValue: pickup.state), !state.isFinal else {
            throw AppError.conflict(code: "pickup_closed", "This pickup is \(pickup.state); its photos can no longer change.")
        }
    }

    private func requireDetachable(_ pickupID: UUID, on db: any Database) async throws {
        if let pickup = try await PickupModel.find(pickupID, on: db), pickup.state == PickupState.collected.rawValue {
            throw AppError.conflict(code: "photo_is_proof", "This photo proves a collected pickup; it stays with it.")
        }
    }

    /// The pickup's photo count changed: devices pull the pickup again.
    private func touchPickup(_ pickupID: UUID, on db: any Database) async throws {
        guard let pickup = try await PickupModel.find(pickupID, on: db) else { return }
        try await feed.recordPut(
            PickupService.collection, id: pickupID, scope: PickupService.scope(pickup.agentAccountID), changed: ["photoCount"], on: db)
    }

    static func view(_ photo: PhotoModel) -> PhotoView {
        let base = "/api/v1/courier/photos/\(photo.id!.wireText)"
        return PhotoView(
            id: photo.id!, name: photo.name, pickupId: photo.pickupID, contentType: photo.contentType, size: photo.size,
            width: photo.width, height: photo.height, hasLocation: photo.hasLocation, createdAt: photo.createdAt,
            url: base + "/image", thumbnailUrl: base + "/thumbnail")
    }
}

/// A photo's metadata as sync clients and the offline table `courier_photos` hold it.
enum PhotoWire {
    static func row(_ view: PhotoView) -> [String: JSONValue] {
        [
            "id": .string(view.id.wireText), "name": .string(view.name),
            "pickupId": view.pickupId.map { .string($0.wireText) } ?? .null, "contentType": .string(view.contentType),
            "size": .number(Double(view.size)), "width": .number(Double(view.width)), "height": .number(Double(view.height)),
            "hasLocation": .bool(view.hasLocation), "createdAt": .string(Timestamp.format(view.createdAt)),
            "url": .string(view.url), "thumbnailUrl": .string(view.thumbnailUrl),
        ]
    }

    static let columns = ["name", "pickupId", "contentType", "size", "width", "height", "hasLocation", "createdAt", "url", "thumbnailUrl"]
}
