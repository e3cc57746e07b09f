import Foundation
@testable import PhotoProcessing
import Testing

/// The hostile images (Fixtures/make-bombs.py makes them) are refused by the codecs' own limits, before the
/// pixels are decoded, and real photos are not.
@Suite("Hostile images are refused before they are decoded")
struct PhotoLimitsTests {
    @Test("a progressive JPEG of 883 scans is too complex (libjpeg-turbo's scan limit), though it is a valid JPEG")
    func scanBomb() throws {
        let bytes = try Fixture.bytes("scans.jpg")
        #expect(try Thumbnail.size(of: bytes, format: .jpeg) == (64, 64) ? true : false)
        #expect(throws: PhotoError.tooComplex) { _ = try Thumbnail.make(from: bytes, format: .jpeg) }
    }

    @Test("a PNG and a HEIC whose headers say 20000² and 40000² pixels are too large", arguments: ["wide.png", "wide.heic"])
    func sizeBombs(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        #expect(throws: PhotoError.tooLarge) { _ = try Thumbnail.size(of: bytes, format: format) }
        #expect(throws: PhotoError.tooLarge) { _ = try Thumbnail.make(from: bytes, format: format) }
    }

    @Test("real photos of each format still give their size and a thumbnail", arguments: ["plain.jpg", "gps.png", "plain.heic"])
    func photosPass(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let result = try Thumbnail.make(from: bytes, format: try #require(PhotoFormat.detect(bytes)), maxSide: 32)
        #expect(result.width == 64 && result.height == 48)
        #expect(result.jpeg.starts(with: [0xFF, 0xD8, 0xFF]) && Thumbnail.maxPixels >= 8064 * 6048)
    }
}
