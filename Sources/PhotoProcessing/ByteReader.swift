/// Bounds-checked reads from untrusted bytes: every read outside the buffer answers nil instead of trapping.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func uint16(at offset: Int, littleEndian: Bool = false) -> UInt16? {
        guard let a = byte(at: offset), let b = byte(at: offset + 1) else { return nil }
        return littleEndian ? UInt16(b) << 8 | UInt16(a) : UInt16(a) << 8 | UInt16(b)
    }

    func uint32(at offset: Int, littleEndian: Bool = false) -> UInt32? {
        guard let high = uint16(at: littleEndian ? offset + 2 : offset, littleEndian: littleEndian),
            let low = uint16(at: littleEndian ? offset : offset + 2, littleEndian: littleEndian)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    func uint64(at offset: Int) -> UInt64? {
        guard let high = uint32(at: offset), let low = uint32(at: offset + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// An unsigned big-endian number of `size` bytes (0, 4 or 8, as ISO-BMFF field sizes are).
    func uint(at offset: Int, size: Int) -> Int? {
        switch size {
        case 0: return 0
        case 2: return uint16(at: offset).map(Int.init)
        case 4: return uint32(at: offset).map(Int.init)
        case 8: return uint64(at: offset).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil }
        default: return nil
        }
    }

    func fourCC(at offset: Int) -> String? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    func matches(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + prefix.count <= bytes.count else { return false }
        return bytes[offset..<offset + prefix.count].elementsEqual(prefix)
    }
}
