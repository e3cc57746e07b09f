import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PhotoProcessing
import Testing
@testable import Courier

@Suite("Courier photos: typed by their bytes, named photo-NNN per agent, uploaded once per key")
struct PhotoAPITests {
    @Test("an upload is stored with its name, size, thumbnail and without its GPS position")
    func upload() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let response = try await world.upload(as: world.ana)
            #expect(response.status == .created)
            let photo = try object(response)
            #expect(photo["name"] as? String == "photo-001")
            #expect(photo["contentType"] as? String == "image/jpeg")
            #expect(photo["width"] as? Int == 40 && photo["height"] as? Int == 30)
            #expect(photo["hasLocation"] as? Bool == false)
            let image = try await client.api(.get, try #require(photo["url"] as? String), token: world.ana.token)
            #expect(image.status == .ok && image.headers[.contentType] == "image/jpeg")
            #expect(!LocationMetadata.isPresent(in: Array(buffer: image.body), format: .jpeg))
            let thumbnail = try await client.api(.get, try #require(photo["thumbnailUrl"] as? String), token: world.ana.token)
            #expect(thumbnail.status == .ok && Array(buffer: thumbnail.body).starts(with: [0xFF, 0xD8, 0xFF]))
        }
    }

    @Test("an agent who allows it keeps the photo's position")
    func keepLocation() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let photo = try object(try await world.upload(as: world.ana, keepLocation: true))
            #expect(photo["hasLocation"] as? Bool == LocationMetadata.isPresent(in: SamplePhotos.jpegWithLocation, format: .jpeg))
        }
    }

    @Test("the same key again answers the first photo (200) and makes no second one; another photo under that key is 422")
    func idempotent() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let first = try object(try await world.upload(as: world.ana, key: "take-1"))
            let again = try await world.upload(as: world.ana, key: "take-1")
            #expect(again.status == .ok)
            #expect(try object(again)["id"] as? String == first["id"] as? String)
            let other = try await world.upload(SamplePhotos.png, as: world.ana, key: "take-1", contentType: "image/png")
            #expect(try other.status == .unprocessableContent && (problem(other)).code == "idempotency_key_reused")
            let gallery = try await client.fetch("/api/v1/courier/photos", token: world.ana.token)
            #expect((gallery["items"] as? [[String: Any]])?.count == 1)
            let missing = try await client.execute(
                uri: "/api/v1/courier/photos", method: .post, headers: [.authorization: "Bearer \(world.ana.token)"],
                body: .init(bytes: SamplePhotos.jpegWithLocation))
            #expect(try missing.status == .badRequest && (problem(missing)).code == "idempotency_key_required")
        }
    }

    @Test("only JPEG, PNG and HEIC are kept, whatever the client claims")
    func refusesOtherFormats() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            for bytes in [SamplePhotos.gif, Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), Array("%PDF-1.7".utf8)] {
                let response = try await world.upload(bytes, as: world.ana, contentType: "image/jpeg")
                #expect(try response.status == .unsupportedMediaType && (problem(response)).code == "photo_type_unsupported")
            }
            #expect(try await world.upload(SamplePhotos.png, as: world.ana, contentType: "image/png").status == .created)
            let corrupt = Array(SamplePhotos.jpegWithLocation.prefix(40))
            let unreadable = try await world.upload(corrupt, as: world.ana)
            #expect(try unreadable.status == .unprocessableContent && (problem(unreadable)).errors?.first?.code == "photo_unreadable")
        }
    }

    @Test("50 concurrent uploads get 50 different names, photo-001 to photo-050, and a deleted name is never given again")
    func uniqueNamesUnderConcurrency() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        // One worker at a time per agent, and a bounded queue of requests: on a busy machine an
                        // upload may wait longer than either allows and hear 503 (photo_processing_busy, or
                        // overloaded), store nothing, and be sent again after its Retry-After, as the app does.
                        // Every name is still checked below.
                        for _ in 0..<30 {
                            let response = try await world.upload(as: world.ana)
                            if response.status == .serviceUnavailable {
                                let code = try problem(response).code
                                #expect(["photo_processing_busy", "overloaded"].contains(code) && response.headers[.retryAfter] != nil, "\(code)")
                                try await Task.sleep(for: .seconds(1))
                                continue
                            }
                            try #require(response.status == .created)
                            return try #require(try object(response)["name"] as? String)
                        }
                        throw AppError(.serviceUnavailable, code: "photo_processing_busy", detail: "still busy after 30 tries")
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(names) == Set((1...50).map { String(format: "photo-%03d", $0) }))
            let gallery = try #require(try await client.fetch("/api/v1/courier/photos", token: world.ana.token)["items"] as? [[String: Any]])
            let last = try #require(gallery.first { $0["name"] as? String == "photo-050" })
            #expect(try await client.api(.delete, "/api/v1/courier/photos/\(last["id"] as! String)", token: world.ana.token).status == .noContent)
            #expect(try object(try await world.upload(as: world.ana))["name"] as? String == "photo-051")
            // Names are per agent: Beto starts at photo-001.
            #expect(try object(try await world.upload(as: world.beto))["name"] as? String == "photo-001")
        }
    }

    @Test("an agent sees only their own photos; dispatch sees any")
    func access() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let photo = try object(try await world.upload(as: world.ana))
            let id = try #require(photo["id"] as? String)
            for path in ["/api/v1/courier/photos/\(id)", "/api/v1/courier/photos/\(id)/image", "/api/v1/courier/photos/\(id)/thumbnail"] {
                #expect(try await client.api(.get, path, token: world.beto.token).status == .notFound, "\(path)")
                #expect(try await client.api(.get, path, token: world.dispatch).status == .ok, "\(path)")
            }
            #expect(try await client.api(.delete, "/api/v1/courier/photos/\(id)", token: world.beto.token).status == .notFound)
            #expect(
                try await client.api(.patch, "/api/v1/courier/photos/\(id)", token: world.beto.token, body: ["pickupId": NSNull()]).status
                    == .notFound)
            let beto = try await client.fetch("/api/v1/courier/photos", token: world.beto.token)
            #expect((beto["items"] as? [Any])?.isEmpty == true)
            #expect(try await world.upload(as: CourierWorld.Agent(id: UUID(), accountID: UUID(), token: world.dispatch)).status == .forbidden)
        }
    }

    @Test("a photo proving a collected pickup cannot be deleted or moved; before collection it can")
    func proofStays() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let pickup = try await world.pickup(for: world.ana)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/start", token: world.ana.token).status == .ok)
            let spare = try object(try await world.upload(as: world.ana, pickup: pickup))
            let proof = try object(try await world.upload(as: world.ana, pickup: pickup))
            let detached = try await client.api(
                .patch, "/api/v1/courier/photos/\(spare["id"] as! String)", token: world.ana.token, body: ["pickupId": NSNull()])
            #expect(try detached.status == .ok && (object(detached))["pickupId"] == nil)
            #expect(try await client.api(.post, "/api/v1/courier/pickups/\(pickup)/collect", token: world.ana.token).status == .ok)
            let delete = try await client.api(.delete, "/api/v1/courier/photos/\(proof["id"] as! String)", token: world.ana.token)
            #expect(try delete.status == .conflict && (problem(delete)).code == "photo_is_proof")
            let move = try await client.api(
                .patch, "/api/v1/courier/photos/\(proof["id"] as! String)", token: world.ana.token, body: ["pickupId": NSNull()])
            #expect(try move.status == .conflict && (problem(move)).code == "photo_is_proof")
            let late = try await world.upload(as: world.ana, pickup: pickup)
            #expect(try late.status == .conflict && (problem(late)).code == "pickup_closed")
            let others = try await world.upload(as: world.beto, pickup: pickup)
            #expect(try others.status == .unprocessableContent && (problem(others)).errors?.first?.code == "pickup_not_yours")
            let photos = try await client.fetch("/api/v1/courier/pickups/\(pickup)/photos", token: world.dispatch)
            #expect((photos["items"] as? [[String: Any]])?.map { $0["id"] as? String } == [proof["id"] as? String])
        }
    }
}
