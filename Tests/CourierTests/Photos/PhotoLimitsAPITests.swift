import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PhotoProcessing
import SQLKit
import Testing
@testable import Courier

/// The hostile images made by Tests/PhotoProcessingTests/Fixtures/make-bombs.py.
enum HostileImages {
    static func bytes(_ name: String) throws -> [UInt8] {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PhotoProcessingTests/Fixtures")
        return Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }
}

@Suite("Courier photos: a hostile image is refused with a clear problem and nothing is stored")
struct PhotoLimitsAPITests {
    @Test(
        "a 883-scan JPEG is 422 image_too_complex; 20000² PNG and 40000² HEIC are 422 image_too_large; no photo, no blob",
        arguments: [
            ("scans.jpg", "image/jpeg", "image_too_complex"), ("wide.png", "image/png", "image_too_large"),
            ("wide.heic", "image/heic", "image_too_large"),
        ])
    func refused(name: String, contentType: String, code: String) async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let response = try await world.upload(try HostileImages.bytes(name), as: world.ana, contentType: contentType)
            #expect(response.status == .unprocessableContent)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(try problem(response).code == code)
            let gallery = try await client.fetch("/api/v1/courier/photos", token: world.ana.token)
            #expect((gallery["items"] as? [[String: Any]])?.isEmpty == true)
            struct Count: Decodable { var n: Int }
            let blobs = try await (try patio.components.database.reader as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM platform_blobs").first(
                decoding: Count.self)
            #expect(blobs?.n == 0)
            // The refused upload took no name: the next photo is still photo-001.
            #expect(try object(try await world.upload(as: world.ana))["name"] as? String == "photo-001")
        }
    }

    @Test(
        """
        each codec refusal maps to its problem: too large and too complex 422, busy and no worker 503 with Retry-After, anything else \
        photo_unreadable
        """
    )
    func problems() async throws {
        let cases: [(PhotoError, HTTPResponse.Status, String)] = [
            (.tooLarge, .unprocessableContent, "image_too_large"), (.tooComplex, .unprocessableContent, "image_too_complex"),
            (.busy, .serviceUnavailable, "photo_processing_busy"), (.workerUnavailable("gone"), .serviceUnavailable, "photo_processing_unavailable"),
            (.unreadable("signal 6"), .unprocessableContent, "photo_unreadable"),
        ]
        for (refusal, status, code) in cases {
            let codecs = PhotoCodecs { _, _, _, _ in throw refusal }
            do {
                _ = try await PhotoService.decode([0xFF, 0xD8, 0xFF], format: .jpeg, owner: "agent", with: codecs)
                Issue.record("\(refusal) was accepted")
            } catch let error as AppError {
                #expect(error.status == status && (error.code == code || error.fieldErrors.first?.code == code), "\(refusal)")
                #expect((error.headers["Retry-After"] != nil) == (status == .serviceUnavailable))
            }
        }
    }
}
