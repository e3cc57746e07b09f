/// Finds the Exif and XMP items of a HEIF/HEIC file: the `meta` box's item list (`iinf`) names each item's
/// type, and its location list (`iloc`) says where its bytes are. An Exif item starts with a 4-byte offset
/// to the TIFF header; an XMP item is a `mime` item of type `application/rdf+xml`.
enum HEIFBoxes {
    struct Box {
        var type: String
        var start: Int
        /// Where the box's content starts (after the header) and where the box ends.
        var content: Int
        var end: Int
    }

    /// The boxes laid end to end from `start` to `end`. Both come from the file itself, so `start` may lie
    /// past `end` (a box too short for its own header): that is no boxes, never a range that traps.
    static func boxes(in bytes: [UInt8], from start: Int, to end: Int) -> [Box] {
        guard start >= 0, start <= end, end <= bytes.count else { return [] }
        return boxes(in: bytes, start..<end)
    }

    /// The boxes laid end to end in `range`.
    private static func boxes(in bytes: [UInt8], _ range: Range<Int>) -> [Box] {
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
        return itemExtents(in: bytes, where: { $0.type == "Exif" }).map(\.range).compactMap { location in
            guard let skip = reader.uint32(at: location.lowerBound) else { return nil }
            let tiff = location.lowerBound + 4 + Int(skip)
            return tiff < location.upperBound ? tiff : nil
        }
    }

    /// Where each XMP packet's bytes are: items of type `mime` whose content type is XMP's
    /// (`application/rdf+xml`), stored in the file. A compressed packet (a content encoding) is included:
    /// its text cannot be searched, so it is treated as naming whatever it may name.
    static func xmpExtents(in bytes: [UInt8]) -> [(range: Range<Int>, encoded: Bool)] {
        var encodedItems: Set<Int> = []
        let extents = itemExtents(
            in: bytes,
            where: { item in
                guard item.type == "mime", item.contentType == "application/rdf+xml" else { return false }
                if !item.contentEncoding.isEmpty { encodedItems.insert(item.id) }
                return true
            })
        return extents.map { ($0.range, encodedItems.contains($0.id)) }
    }

    /// An item of the `iinf` list: its id, type and, for `mime` items, its content type and encoding.
    struct Item {
        var id: Int
        var type: String
        var contentType = ""
        var contentEncoding = ""
    }

    /// The byte ranges of the items `matches` picks, found through the `meta` box's `iinf` and `iloc`.
    private static func itemExtents(in bytes: [UInt8], where matches: (Item) -> Bool) -> [(id: Int, range: Range<Int>)] {
        let reader = ByteReader(bytes)
        guard let meta = boxes(in: bytes, from: 0, to: bytes.count).first(where: { $0.type == "meta" }) else { return [] }
        // `meta` is a full box: version and flags come first.
        let children = boxes(in: bytes, from: meta.content + 4, to: meta.end)
        guard let iinf = children.first(where: { $0.type == "iinf" }), let iloc = children.first(where: { $0.type == "iloc" }) else { return [] }
        let wanted = Set(items(reader, iinf).filter(matches).map(\.id))
        guard !wanted.isEmpty else { return [] }
        return locations(reader, iloc).filter { wanted.contains($0.item) }.map { ($0.item, $0.offset..<$0.offset + $0.length) }
    }

    /// The `infe` entries of version 2 or 3 (the ones that carry an item type).
    static func items(_ reader: ByteReader, _ iinf: Box) -> [Item] {
        guard let version = reader.byte(at: iinf.content) else { return [] }
        let first = iinf.content + 4 + (version == 0 ? 2 : 4)
        return boxes(in: reader.bytes, from: first, to: iinf.end).filter { $0.type == "infe" }.compactMap { infe in
            guard let infeVersion = reader.byte(at: infe.content), infeVersion >= 2 else { return nil }
            let idSize = infeVersion == 2 ? 2 : 4
            let typeOffset = infe.content + 4 + idSize + 2
            guard let id = reader.uint(at: infe.content + 4, size: idSize), let type = reader.fourCC(at: typeOffset) else { return nil }
            var item = Item(id: id, type: type)
            if type == "mime" {
                // item_name, content_type and content_encoding: NUL-terminated strings, the last one optional.
                var strings = cStrings(reader, from: typeOffset + 4, to: infe.end, count: 3).makeIterator()
                _ = strings.next()
                item.contentType = strings.next() ?? ""
                item.contentEncoding = strings.next() ?? ""
            }
            return item
        }
    }

    /// Up to `count` NUL-terminated strings laid one after another between `start` and `end`.
    private static func cStrings(_ reader: ByteReader, from start: Int, to end: Int, count: Int) -> [String] {
        var strings: [String] = []
        var current: [UInt8] = []
        var offset = start
        while strings.count < count, offset < end, let byte = reader.byte(at: offset) {
            if byte == 0 {
                strings.append(String(decoding: current, as: UTF8.self))
                current = []
            } else {
                current.append(byte)
            }
            offset += 1
        }
        return strings
    }

    /// Single-extent items stored in the file (construction method 0).
    private static func locations(_ reader: ByteReader, _ iloc: Box) -> [(item: Int, offset: Int, length: Int)] {
        guard let version = reader.byte(at: iloc.content), let sizes = reader.byte(at: iloc.content + 4),
            let more = reader.byte(at: iloc.content + 5)
        else { return [] }
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
            cursor += 2  // data reference index
            guard let base = reader.uint(at: cursor, size: baseSize) else { break }
            cursor += baseSize
            guard let extents = reader.uint16(at: cursor) else { break }
            cursor += 2
            var first: (Int, Int)?
            for _ in 0..<Int(extents) {
                cursor += indexSize
                guard let offset = reader.uint(at: cursor, size: offsetSize), let length = reader.uint(at: cursor + offsetSize, size: lengthSize)
                else { return found }
                cursor += offsetSize + lengthSize
                if first == nil { first = (offset, length) }
            }
            // Every figure is the file's own claim: added with overflow checks, and kept only inside the file.
            if method == 0, extents == 1, let (offset, length) = first,
                let start = Self.sum(base, offset), let end = Self.sum(start, length), end <= reader.bytes.count
            {
                found.append((item, start, length))
            }
        }
        return found
    }

    /// `a + b`, or nil where it would overflow.
    static func sum(_ a: Int, _ b: Int) -> Int? {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : result
    }
}
