/// GPS positions inside photos: phones write where a picture was taken into its Exif data (and sometimes
/// its XMP). Patio removes them unless the person chose to keep them.
public enum LocationMetadata {
    /// True when the image carries a GPS position (an Exif GPS directory with entries, or XMP GPS tags).
    public static func isPresent(in bytes: [UInt8], format: PhotoFormat) -> Bool {
        let blocks = tiffBlocks(in: bytes, format: format)
        if blocks.contains(where: { ExifGPS.isPresent(in: bytes, tiff: $0) }) { return true }
        return format == .jpeg && !JPEGSegments.xmpWithGPS(in: bytes).isEmpty
    }

    /// The same image without GPS data: Exif GPS directories are emptied in place (pixels and every other
    /// byte untouched), and a JPEG's XMP segments that name GPS tags are dropped.
    public static func stripped(_ bytes: [UInt8], format: PhotoFormat) -> [UInt8] {
        var result = bytes
        for tiff in tiffBlocks(in: bytes, format: format) { ExifGPS.scrub(&result, tiff: tiff) }
        switch format {
        case .jpeg:
            for range in JPEGSegments.xmpWithGPS(in: result).reversed() { result.removeSubrange(range) }
        case .png:
            PNGChunks.refreshChecksums(&result, of: "eXIf")
        case .heic:
            break
        }
        return result
    }

    /// Where each Exif TIFF header starts, per container.
    static func tiffBlocks(in bytes: [UInt8], format: PhotoFormat) -> [Int] {
        switch format {
        case .jpeg: JPEGSegments.exifTIFFOffsets(in: bytes)
        case .png: PNGChunks.data(of: "eXIf", in: bytes).map(\.lowerBound)
        case .heic: HEIFBoxes.exifTIFFOffsets(in: bytes)
        }
    }
}

/// A JPEG's marker segments before the image data.
enum JPEGSegments {
    /// Each segment: its marker byte and the range of the whole segment (marker included).
    static func segments(in bytes: [UInt8]) -> [(marker: UInt8, range: Range<Int>)] {
        let reader = ByteReader(bytes)
        var segments: [(UInt8, Range<Int>)] = []
        var offset = 2
        while segments.count < 1_000, reader.byte(at: offset) == 0xFF, let marker = reader.byte(at: offset + 1) {
            // Start of scan or end of image: the metadata is over.
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0xFF { offset += 1; continue }
            guard let length = reader.uint16(at: offset + 2), length >= 2, offset + 2 + Int(length) <= bytes.count else { break }
            segments.append((marker, offset ..< offset + 2 + Int(length)))
            offset += 2 + Int(length)
        }
        return segments
    }

    static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]

    static func exifTIFFOffsets(in bytes: [UInt8]) -> [Int] {
        let reader = ByteReader(bytes)
        return segments(in: bytes).filter { $0.marker == 0xE1 && reader.matches(exifHeader, at: $0.range.lowerBound + 4) }
            .map { $0.range.lowerBound + 4 + exifHeader.count }
    }

    static func xmpWithGPS(in bytes: [UInt8]) -> [Range<Int>] {
        let reader = ByteReader(bytes)
        let gps = Array("GPS".utf8)
        return segments(in: bytes).filter { segment in
            guard segment.marker == 0xE1, reader.matches(xmpHeader, at: segment.range.lowerBound + 4) else { return false }
            let body = bytes[segment.range]
            return body.indices.contains { index in index + gps.count <= body.endIndex && body[index..<index + gps.count].elementsEqual(gps) }
        }.map(\.range)
    }
}

/// A PNG's chunks: length, type, data, CRC-32.
enum PNGChunks {
    static func data(of type: String, in bytes: [UInt8]) -> [Range<Int>] {
        let reader = ByteReader(bytes)
        var ranges: [Range<Int>] = []
        var offset = 8
        var seen = 0
        while seen < 10_000, let length = reader.uint32(at: offset), let name = reader.fourCC(at: offset + 4) {
            let start = offset + 8, end = start + Int(length)
            guard end + 4 <= bytes.count else { break }
            if name == type { ranges.append(start ..< end) }
            if name == "IEND" { break }
            offset = end + 4
            seen += 1
        }
        return ranges
    }

    /// Recomputes the CRC of every `type` chunk (after its data changed in place).
    static func refreshChecksums(_ bytes: inout [UInt8], of type: String) {
        for range in data(of: type, in: bytes) {
            let crc = CRC32.checksum(bytes[(range.lowerBound - 4) ..< range.upperBound])
            for index in 0..<4 { bytes[range.upperBound + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(index))) }
        }
    }
}

/// CRC-32 (ISO 3309), as PNG chunks use it.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
