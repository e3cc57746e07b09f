/// GPS positions inside photos: phones write where a picture was taken into its Exif data, its XMP, and
/// sometimes into a second image appended after the first (a JPEG's MPF preview carries its own Exif).
/// Patio removes them unless the person chose to keep them.
public enum LocationMetadata {
    /// True when the image carries a GPS position anywhere Patio knows to look: an Exif GPS directory with
    /// entries, XMP naming GPS tags (or XMP too compressed to read), or an image appended after the first.
    public static func isPresent(in bytes: [UInt8], format: PhotoFormat) -> Bool {
        // The images appended after a JPEG's first are looked at themselves; images after those are found by
        // the same scan of the whole file, so no image needs its own appended ones searched.
        if named(in: bytes, format: format) { return true }
        return format == .jpeg && JPEGSegments.appendedImages(in: bytes).contains { named(in: $0, format: .jpeg) }
    }

    /// The same image without GPS data: Exif GPS directories are emptied in place (pixels and every other
    /// byte untouched), XMP that names GPS tags is dropped (JPEG, PNG) or blanked in place (HEIC, where
    /// items are found by offset), and whatever a JPEG carries after its first image ends is cut off.
    public static func stripped(_ bytes: [UInt8], format: PhotoFormat) -> [UInt8] {
        var result = bytes
        for tiff in tiffBlocks(in: bytes, format: format) { ExifGPS.scrub(&result, tiff: tiff) }
        switch format {
        case .jpeg:
            if let end = JPEGSegments.imageEnd(in: result), end < result.count { result.removeSubrange(end...) }
            for range in JPEGSegments.xmpWithGPS(in: result).reversed() { result.removeSubrange(range) }
        case .png:
            PNGChunks.refreshChecksums(&result, of: "eXIf")
            for range in PNGChunks.xmpChunksWithGPS(in: result).reversed() { result.removeSubrange(range) }
        case .heic:
            for range in heicXMPWithGPS(in: result) {
                for offset in range { result[offset] = 0x20 }
            }
        }
        return result
    }

    /// Whether this image's own Exif or XMP names a position (what follows the image is not looked at).
    private static func named(in bytes: [UInt8], format: PhotoFormat) -> Bool {
        let blocks = tiffBlocks(in: bytes, format: format)
        if blocks.contains(where: { ExifGPS.isPresent(in: bytes, tiff: $0) }) { return true }
        switch format {
        case .jpeg:
            return !JPEGSegments.xmpWithGPS(in: bytes).isEmpty
        case .png:
            return !PNGChunks.xmpChunksWithGPS(in: bytes).isEmpty
        case .heic:
            return !heicXMPWithGPS(in: bytes).isEmpty
        }
    }

    /// Where each Exif TIFF header starts, per container.
    static func tiffBlocks(in bytes: [UInt8], format: PhotoFormat) -> [Int] {
        switch format {
        case .jpeg: JPEGSegments.exifTIFFOffsets(in: bytes)
        case .png: PNGChunks.data(of: "eXIf", in: bytes).map(\.lowerBound)
        case .heic: HEIFBoxes.exifTIFFOffsets(in: bytes)
        }
    }

    /// A HEIC's XMP packets that name GPS tags, or that are compressed and so cannot be read.
    static func heicXMPWithGPS(in bytes: [UInt8]) -> [Range<Int>] {
        HEIFBoxes.xmpExtents(in: bytes).filter { $0.encoded || GPSText.named(in: bytes[$0.range]) }.map(\.range)
    }
}

/// XMP names a position with tags such as `exif:GPSLatitude`: any mention of "GPS" counts.
enum GPSText {
    static func named(in bytes: ArraySlice<UInt8>) -> Bool {
        let gps = Array("GPS".utf8)
        return bytes.indices.contains { index in index + gps.count <= bytes.endIndex && bytes[index..<index + gps.count].elementsEqual(gps) }
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
            segments.append((marker, offset..<offset + 2 + Int(length)))
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
        return segments(in: bytes).filter { segment in
            segment.marker == 0xE1 && reader.matches(xmpHeader, at: segment.range.lowerBound + 4) && GPSText.named(in: bytes[segment.range])
        }.map(\.range)
    }

    /// Where the first image ends: just after its end-of-image marker, found by walking its segments and the
    /// entropy-coded data of each scan (where 0xFF is followed by 0x00 stuffing or a restart marker). Nil when
    /// the image never says it ended (truncated, or not readable this way).
    static func imageEnd(in bytes: [UInt8]) -> Int? {
        let reader = ByteReader(bytes)
        var offset = 2
        var markers = 0
        while markers < 100_000, offset + 1 < bytes.count {
            markers += 1
            guard reader.byte(at: offset) == 0xFF, let marker = reader.byte(at: offset + 1) else { return nil }
            switch marker {
            case 0xD9:
                return offset + 2
            case 0xFF:
                offset += 1
                continue
            case 0x01, 0xD0...0xD7:
                offset += 2
                continue
            default:
                break
            }
            guard let length = reader.uint16(at: offset + 2), length >= 2 else { return nil }
            offset += 2 + Int(length)
            guard offset <= bytes.count else { return nil }
            if marker == 0xDA {
                // Entropy-coded data runs until a marker that is neither stuffing nor a restart.
                while offset + 1 < bytes.count {
                    if bytes[offset] == 0xFF, bytes[offset + 1] != 0x00, !(0xD0...0xD7).contains(bytes[offset + 1]) { break }
                    offset += 1
                }
            }
        }
        return nil
    }

    /// Each JPEG that starts after the first image ends (MPF previews, a second image concatenated on),
    /// at most eight of them. When the first image's end cannot be found, every JPEG start after its own
    /// counts: an image Patio cannot delimit is searched whole rather than trusted.
    static func appendedImages(in bytes: [UInt8]) -> [[UInt8]] {
        let end = imageEnd(in: bytes) ?? 2
        var images: [[UInt8]] = []
        var offset = end
        while images.count < 8, offset + 3 <= bytes.count {
            if bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8, bytes[offset + 2] == 0xFF {
                let image = Array(bytes[offset...])
                images.append(image)
                offset += imageEnd(in: image) ?? 3
            } else {
                offset += 1
            }
        }
        return images
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
            if name == type { ranges.append(start..<end) }
            if name == "IEND" { break }
            offset = end + 4
            seen += 1
        }
        return ranges
    }

    /// Whole chunks (length to CRC) of XMP (`iTXt` with keyword `XML:com.adobe.xmp`) that name GPS tags, or
    /// whose text is compressed and so cannot be read.
    static func xmpChunksWithGPS(in bytes: [UInt8]) -> [Range<Int>] {
        let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
        let reader = ByteReader(bytes)
        return data(of: "iTXt", in: bytes).filter { data in
            guard reader.matches(keyword, at: data.lowerBound) else { return false }
            let compressed = reader.byte(at: data.lowerBound + keyword.count) ?? 0
            return compressed != 0 || GPSText.named(in: bytes[data])
        }.map { ($0.lowerBound - 8)..<($0.upperBound + 4) }
    }

    /// Recomputes the CRC of every `type` chunk (after its data changed in place).
    static func refreshChecksums(_ bytes: inout [UInt8], of type: String) {
        for range in data(of: type, in: bytes) {
            let crc = CRC32.checksum(bytes[(range.lowerBound - 4)..<range.upperBound])
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
