import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PhotoProcessing
import Testing
@testable import Courier

@Suite("Courier photos: a position hidden beyond the first image is removed, or the photo refused")
struct PhotoLocationAPITests {
    @Test("GPS in a second JPEG appended after the first: stored without it, and hasLocation is false because it is true of the bytes")
    func appendedImage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let bytes = try HostileImages.bytes("appended-gps.jpg")
            #expect(LocationMetadata.isPresent(in: bytes, format: .jpeg))
            let response = try await world.upload(bytes, as: world.ana)
            #expect(response.status == .created)
            let photo = try object(response)
            #expect(photo["hasLocation"] as? Bool == false)
            let image = try await client.api(.get, try #require(photo["url"] as? String), token: world.ana.token)
            let stored = Array(buffer: image.body)
            #expect(!LocationMetadata.isPresent(in: stored, format: .jpeg))
            #expect(stored.count < bytes.count)
        }
    }

    @Test("a JPEG whose first image never ends, hiding one with GPS: 422 photo_location_unremovable before any decoding, and nothing stored")
    func unremovable() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let bytes = Array(try HostileImages.bytes("plain.jpg").dropLast(2)) + (try HostileImages.bytes("gps.jpg"))
            let refused = try await world.upload(bytes, as: world.ana)
            #expect(refused.status == .unprocessableContent)
            #expect(try problem(refused).code == "photo_location_unremovable")
            let gallery = try await client.fetch("/api/v1/courier/photos", token: world.ana.token)
            #expect((gallery["items"] as? [[String: Any]])?.isEmpty == true)
            // Kept by choice, the same bytes reach the decoder, which cannot read a first image that never ends.
            let kept = try await world.upload(bytes, as: world.ana, keepLocation: true)
            #expect(kept.status == .unprocessableContent)
            #expect(String(buffer: kept.body).contains(#""code":"photo_unreadable""#))
        }
    }
}
