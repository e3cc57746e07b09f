/// The GPS part of an Exif (TIFF) block: found through IFD0's GPS pointer (tag 0x8825). Scrubbing zeroes
/// the GPS directory's entries and the values they point to, and leaves an empty directory behind, so every
/// other offset in the file stays valid and nothing else changes.
enum ExifGPS {
    /// Where the GPS directory starts (an absolute offset in `bytes`) and the byte order, if any.
    private static func directory(in bytes: [UInt8], tiff: Int) -> (offset: Int, littleEndian: Bool)? {
        let reader = ByteReader(bytes)
        let littleEndian: Bool
        if reader.matches([0x49, 0x49, 0x2A, 0x00], at: tiff) {
            littleEndian = true
        } else if reader.matches([0x4D, 0x4D, 0x00, 0x2A], at: tiff) {
            littleEndian = false
        } else {
            return nil
        }
        guard let first = reader.uint32(at: tiff + 4, littleEndian: littleEndian) else { return nil }
        let ifd0 = tiff + Int(first)
        guard let count = reader.uint16(at: ifd0, littleEndian: littleEndian), count <= 1_000 else { return nil }
        for index in 0..<Int(count) {
            let entry = ifd0 + 2 + index * 12
            guard let tag = reader.uint16(at: entry, littleEndian: littleEndian) else { return nil }
            if tag == 0x8825, let pointer = reader.uint32(at: entry + 8, littleEndian: littleEndian) {
                return (tiff + Int(pointer), littleEndian)
            }
        }
        return nil
    }

    /// Whether the TIFF block at `tiff` has a GPS directory with at least one entry.
    static func isPresent(in bytes: [UInt8], tiff: Int) -> Bool {
        guard let gps = directory(in: bytes, tiff: tiff) else { return false }
        return (ByteReader(bytes).uint16(at: gps.offset, littleEndian: gps.littleEndian) ?? 0) > 0
    }

    /// Zeroes the GPS directory of the TIFF block at `tiff` in place.
    static func scrub(_ bytes: inout [UInt8], tiff: Int) {
        guard let gps = directory(in: bytes, tiff: tiff) else { return }
        let reader = ByteReader(bytes)
        guard let count = reader.uint16(at: gps.offset, littleEndian: gps.littleEndian), count > 0, count <= 1_000 else { return }
        var ranges: [Range<Int>] = []
        for index in 0..<Int(count) {
            let entry = gps.offset + 2 + index * 12
            guard let type = reader.uint16(at: entry + 2, littleEndian: gps.littleEndian),
                let items = reader.uint32(at: entry + 4, littleEndian: gps.littleEndian),
                let value = reader.uint32(at: entry + 8, littleEndian: gps.littleEndian)
            else { break }
            let size = Int(items) * typeSize(type)
            if size > 4, size <= bytes.count { ranges.append(tiff + Int(value)..<tiff + Int(value) + size) }
            ranges.append(entry..<entry + 12)
        }
        // Count first, then the entries and their values: the directory becomes empty.
        ranges.append(gps.offset..<gps.offset + 2)
        // Entries may all claim the same large value: each byte is zeroed once, so a thousand entries pointing
        // at the whole file cost one pass over it, not a thousand.
        var zeroedUpTo = 0
        for range in ranges.map({ $0.clamped(to: 0..<bytes.count) }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            for offset in max(range.lowerBound, zeroedUpTo)..<max(range.upperBound, zeroedUpTo) { bytes[offset] = 0 }
            zeroedUpTo = max(zeroedUpTo, range.upperBound)
        }
    }

    /// Bytes per item of a TIFF field type (unknown types count as one byte).
    private static func typeSize(_ type: UInt16) -> Int {
        switch type {
        case 3, 8: 2
        case 4, 9, 11: 4
        case 5, 10, 12: 8
        default: 1
        }
    }
}
