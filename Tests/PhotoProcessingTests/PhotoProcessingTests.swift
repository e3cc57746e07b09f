import Foundation
import PatioTestSupport
@testable import PhotoProcessing
import Testing

/// The committed fixtures (Fixtures/make-fixtures.py makes them again).
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }
}

@Suite("Photo formats are known by their first bytes")
struct PhotoFormatTests {
    @Test("JPEG, PNG and HEIC are recognised; GIF, WebP, PDF, text, empty and truncated signatures are not")
    func detect() throws {
        #expect(PhotoFormat.detect(try Fixture.bytes("gps.jpg")) == .jpeg)
        #expect(PhotoFormat.detect(try Fixture.bytes("gps.png")) == .png)
        #expect(PhotoFormat.detect(try Fixture.bytes("gps.heic")) == .heic)
        let others: [[UInt8]] = [
            Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBPVP8 ".utf8), Array("%PDF-1.7".utf8), Array("hello".utf8), [],
            [0xFF, 0xD8], [0x89, 0x50, 0x4E, 0x47], [0, 0, 0, 24] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif2".utf8),
        ]
        for bytes in others { #expect(PhotoFormat.detect(bytes) == nil, "\(bytes.prefix(12))") }
    }
}

@Suite("A photo's GPS position is removed unless kept")
struct LocationMetadataTests {
    @Test(
        "JPEG, PNG and HEIC with GPS: found, stripped, gone — and the image still decodes at the same size",
        arguments: ["gps.jpg", "gps.png", "gps.heic"])
    func strip(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        #expect(LocationMetadata.isPresent(in: bytes, format: format))
        let stripped = LocationMetadata.stripped(bytes, format: format)
        #expect(!LocationMetadata.isPresent(in: stripped, format: format))
        #expect(try Thumbnail.size(of: stripped, format: format) == (64, 48) ? true : false)
        #expect(try !Thumbnail.jpeg(from: stripped, format: format).isEmpty)
        // The GPS directory is there but empty: every other byte keeps its offset.
        for tiff in LocationMetadata.tiffBlocks(in: stripped, format: format) { #expect(!ExifGPS.isPresent(in: stripped, tiff: tiff)) }
        if format != .jpeg { #expect(stripped.count == bytes.count) }
    }

    @Test("XMP that names GPS tags is dropped from a JPEG")
    func xmp() throws {
        let bytes = try Fixture.bytes("xmp-gps.jpg")
        #expect(LocationMetadata.isPresent(in: bytes, format: .jpeg))
        let stripped = LocationMetadata.stripped(bytes, format: .jpeg)
        #expect(!LocationMetadata.isPresent(in: stripped, format: .jpeg))
        #expect(!String(decoding: stripped, as: UTF8.self).contains("GPSLatitude"))
        #expect(try Thumbnail.size(of: stripped, format: .jpeg) == (64, 48) ? true : false)
    }

    @Test("images without a position are left byte for byte as they were", arguments: ["plain.jpg", "plain.heic"])
    func untouched(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        #expect(!LocationMetadata.isPresent(in: bytes, format: format))
        #expect(LocationMetadata.stripped(bytes, format: format) == bytes)
    }

    @Test("the PNG's eXIf chunk keeps a valid CRC after stripping")
    func pngChecksum() throws {
        let stripped = LocationMetadata.stripped(try Fixture.bytes("gps.png"), format: .png)
        let chunk = try #require(PNGChunks.data(of: "eXIf", in: stripped).first)
        let stored = ByteReader(stripped).uint32(at: chunk.upperBound)
        #expect(stored == CRC32.checksum(stripped[(chunk.lowerBound - 4)..<chunk.upperBound]))
    }
}

@Suite("Thumbnails")
struct ThumbnailTests {
    @Test("each format becomes a JPEG no larger than the side asked, keeping the aspect ratio", arguments: ["gps.jpg", "gps.png", "gps.heic"])
    func shrink(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        let thumbnail = try Thumbnail.jpeg(from: bytes, format: format, maxSide: 16)
        #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        let size = try Thumbnail.size(of: thumbnail, format: .jpeg)
        #expect(size.width == 16 && size.height == 12)
        // Never upscaled.
        #expect(try Thumbnail.size(of: try Thumbnail.jpeg(from: bytes, format: format, maxSide: 1_000), format: .jpeg) == (64, 48) ? true : false)
    }

    @Test("corrupt and truncated images are errors, not crashes", arguments: ["gps.jpg", "gps.png", "gps.heic"])
    func corrupt(name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try #require(PhotoFormat.detect(bytes))
        for broken in [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(20)), [UInt8](repeating: 0, count: 200)] {
            #expect(throws: PhotoError.self) { _ = try Thumbnail.jpeg(from: broken, format: format) }
        }
    }

    @Test("property: random bytes, truncations and bit flips of every fixture never trap any reader")
    func fuzz() throws {
        var fuzz = FuzzInputs(seed: 0x9407)
        var inputs = fuzz.bytes(400, maxLength: 256)
        for name in ["gps.jpg", "gps.png", "gps.heic", "xmp-gps.jpg"] { inputs += fuzz.mutations(of: try Fixture.bytes(name), 150) }
        for bytes in inputs {
            for format in PhotoFormat.allCases {
                _ = LocationMetadata.isPresent(in: bytes, format: format)
                let stripped = LocationMetadata.stripped(bytes, format: format)
                #expect(stripped.count <= bytes.count)
                _ = try? Thumbnail.size(of: bytes, format: format)
                _ = try? Thumbnail.jpeg(from: bytes, format: format, maxSide: 8)
            }
            _ = PhotoFormat.detect(bytes)
        }
    }
}
