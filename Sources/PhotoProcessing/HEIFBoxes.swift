/// Finds the Exif item of a HEIF/HEIC file: the `meta` box's item list (`iinf`) names the item of type
/// `Exif`, and its location list (`iloc`) says where its bytes are. The item starts with a 4-byte offset
/// to the TIFF header.
enum HEIFBoxes {
    struct Box {
        var type: String
        var start: Int
        /// Where the box's content starts (after the header) and where the box ends.
        var content: Int
        var end: Int
    }

    /// The boxes laid end to end in `range`.
    static func boxes(in bytes: [UInt8], _ range: Range<Int>) -> [Box] {
        let reader = ByteReader(bytes)
        var boxes: [Box] = []
        var offset = range.lowerBound
        while boxes.count < 10_000, offset + 8 <= range.upperBound, let size32 = reader.uint32(at: offset), let type = reader.fourCC(at: offset + 4) {
            var header = 8
            var size = Int(size32)
            if size32 == 1 {
                guard let large = reader.uint(at: offset + 8, size: 8) else { break }
                size = large
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else { break }
            boxes.append(Box(type: type, start: offset, content: offset + header, end: offset + size))
            offset += size
        }
        return boxes
    }

    static func exifTIFFOffsets(in bytes: [UInt8]) -> [Int] {
        let reader = ByteReader(bytes)
        guard let meta = boxes(in: bytes, 0..<bytes.count).first(where: { $0.type == "meta" }) else { return [] }
        // `meta` is a full box: version and flags come first.
        let children = boxes(in: bytes, (meta.content + 4)..<meta.end)
        guard let iinf = children.first(where: { $0.type == "iinf" }), let iloc = children.first(where: { $0.type == "iloc" }) else { return [] }
        let exifItems = Set(exifItemIDs(reader, iinf))
        guard !exifItems.isEmpty else { return [] }
        return locations(reader, iloc).filter { exifItems.contains($0.item) }.compactMap { location in
            guard let skip = reader.uint32(at: location.offset) else { return nil }
            let tiff = location.offset + 4 + Int(skip)
            return tiff < location.offset + location.length ? tiff : nil
        }
    }

    private static func exifItemIDs(_ reader: ByteReader, _ iinf: Box) -> [Int] {
        guard let version = reader.byte(at: iinf.content) else { return [] }
        let first = iinf.content + 4 + (version == 0 ? 2 : 4)
        return boxes(in: reader.bytes, first..<iinf.end).filter { $0.type == "infe" }.compactMap { infe in
            guard let infeVersion = reader.byte(at: infe.content), infeVersion >= 2 else { return nil }
            let idSize = infeVersion == 2 ? 2 : 4
            guard let id = reader.uint(at: infe.content + 4, size: idSize),
                  reader.fourCC(at: infe.content + 4 + idSize + 2) == "Exif" else { return nil }
            return id
        }
    }

    /// Single-extent items stored in the file (construction method 0).
    private static func locations(_ reader: ByteReader, _ iloc: Box) -> [(item: Int, offset: Int, length: Int)] {
        guard let version = reader.byte(at: iloc.content), let sizes = reader.byte(at: iloc.content + 4),
              let more = reader.byte(at: iloc.content + 5) else { return [] }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 0x0F), baseSize = Int(more >> 4)
        let indexSize = version == 1 || version == 2 ? Int(more & 0x0F) : 0
        var cursor = iloc.content + 6
        guard let count = reader.uint(at: cursor, size: version < 2 ? 2 : 4) else { return [] }
        cursor += version < 2 ? 2 : 4
        var found: [(Int, Int, Int)] = []
        for _ in 0..<min(count, 10_000) {
            guard let item = reader.uint(at: cursor, size: version < 2 ? 2 : 4) else { break }
            cursor += version < 2 ? 2 : 4
            var method = 0
            if version == 1 || version == 2 {
                guard let value = reader.uint16(at: cursor) else { break }
                method = Int(value & 0x0F)
                cursor += 2
            }
            cursor += 2 // data reference index
            guard let base = reader.uint(at: cursor, size: baseSize) else { break }
            cursor += baseSize
            guard let extents = reader.uint16(at: cursor) else { break }
            cursor += 2
            var first: (Int, Int)?
            for _ in 0..<Int(extents) {
                cursor += indexSize
                guard let offset = reader.uint(at: cursor, size: offsetSize), let length = reader.uint(at: cursor + offsetSize, size: lengthSize) else { return found }
                cursor += offsetSize + lengthSize
                if first == nil { first = (offset, length) }
            }
            if method == 0, extents == 1, let (offset, length) = first, base <= Int.max / 2, offset <= Int.max / 2,
               base + offset + length <= reader.bytes.count {
                found.append((item, base + offset, length))
            }
        }
        return found
    }
}
