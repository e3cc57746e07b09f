import Foundation
@testable import PhotoProcessing
import Testing

@Suite("A position hidden where a simple reader does not look is found and removed")
struct HiddenLocationTests {
    @Test("GPS in a second JPEG appended after the first is found, and stripping keeps only the first image")
    func appendedImage() throws {
        let bytes = try Fixture.bytes("appended-gps.jpg")
        let first = try Fixture.bytes("plain.jpg")
        // The first image alone says nothing of a position: only the appended one does.
        #expect(!LocationMetadata.isPresent(in: first, format: .jpeg))
        #expect(JPEGSegments.imageEnd(in: bytes) == first.count)
        #expect(LocationMetadata.isPresent(in: bytes, format: .jpeg))
        let stripped = LocationMetadata.stripped(bytes, format: .jpeg)
        #expect(!LocationMetadata.isPresent(in: stripped, format: .jpeg))
        #expect(stripped == first)
        #expect(try Thumbnail.size(of: stripped, format: .jpeg) == (64, 48) ? true : false)
    }

    @Test("a JPEG that never ends is searched whole: an image inside it with GPS counts")
    func unterminatedImage() throws {
        let plain = try Fixture.bytes("plain.jpg")
        let gps = try Fixture.bytes("gps.jpg")
        // The first image loses its end-of-image marker, so where it ends cannot be known.
        let bytes = Array(plain.dropLast(2)) + gps
        #expect(JPEGSegments.imageEnd(in: Array(plain.dropLast(2))) == nil)
        #expect(LocationMetadata.isPresent(in: bytes, format: .jpeg))
    }

    @Test("XMP naming GPS tags is dropped from a PNG, and the PNG still decodes")
    func pngXMP() throws {
        let bytes = try Fixture.bytes("xmp-gps.png")
        #expect(LocationMetadata.isPresent(in: bytes, format: .png))
        let stripped = LocationMetadata.stripped(bytes, format: .png)
        #expect(!LocationMetadata.isPresent(in: stripped, format: .png))
        #expect(!String(decoding: stripped, as: UTF8.self).contains("GPSLatitude"))
        #expect(PNGChunks.data(of: "iTXt", in: stripped).isEmpty)
        #expect(try Thumbnail.size(of: stripped, format: .png) == (64, 48) ? true : false)
    }

    @Test("XMP naming GPS tags is blanked in a HEIC, every offset kept, and the HEIC still decodes")
    func heicXMP() throws {
        let bytes = try Fixture.bytes("xmp-gps.heic")
        #expect(LocationMetadata.isPresent(in: bytes, format: .heic))
        let stripped = LocationMetadata.stripped(bytes, format: .heic)
        #expect(stripped.count == bytes.count)
        #expect(!LocationMetadata.isPresent(in: stripped, format: .heic))
        #expect(!String(decoding: stripped, as: UTF8.self).contains("GPSLatitude"))
        #expect(try Thumbnail.size(of: stripped, format: .heic) == (64, 48) ? true : false)
    }
}

@Suite("Inputs that once stopped Patio (Fuzz/Regressions) are read without trapping")
struct FuzzRegressionTests {
    /// Every input that ever crashed a fuzz target, from the repository's Fuzz/Regressions folder.
    static func regressions(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Regressions/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.map { ($0, Array(try Data(contentsOf: folder.appendingPathComponent($0)))) }
    }

    @Test("a 28-byte HEIC whose meta box is empty, and an item extent whose offsets overflow, have no position")
    func heicBoxes() throws {
        let inputs = try Self.regressions("photo-metadata")
        #expect(Set(inputs.map(\.name)).isSuperset(of: ["heic-empty-meta-box", "heic-iloc-extent-overflows"]))
        for input in inputs {
            let format = try #require(PhotoFormat.detect(input.bytes), "\(input.name)")
            #expect(!LocationMetadata.isPresent(in: input.bytes, format: format), "\(input.name)")
            #expect(LocationMetadata.stripped(input.bytes, format: format).count <= input.bytes.count)
        }
    }
}

@Suite("Images that once made a codec misbehave (Fuzz/Regressions) are refused at once")
struct CodecRegressionTests {
    @Test("a 421-byte PNG whose text chunk claims 1.7 GB is unreadable, before libpng allocates what it claims")
    func chunkLongerThanTheFile() throws {
        let inputs = try FuzzRegressionTests.regressions("photo-thumbnail")
        let png = try #require(inputs.first { $0.name == "png-text-chunk-claims-1.7-gb" })
        #expect(png.bytes.count == 421)
        #expect(throws: PhotoError.self) { _ = try Thumbnail.size(of: png.bytes, format: .png) }
        #expect(throws: PhotoError.self) { _ = try Thumbnail.jpeg(from: png.bytes, format: .png) }
        // The check is about claims, not sizes: every fixture PNG still reads.
        for name in ["gps.png", "xmp-gps.png"] { #expect(try Thumbnail.size(of: try Fixture.bytes(name), format: .png) == (64, 48) ? true : false) }
    }
}
