/// The final codeword sequence: byte-mode segment, terminator and padding, split into blocks, each with its
/// Reed–Solomon codewords, then interleaved.
enum Codewords {
    static func make(bytes: [UInt8], version: Int, correction: QRCode.Correction) -> [UInt8] {
        let capacity = VersionTable.dataCodewords(version: version, correction: correction)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: VersionTable.countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return interleave(data, version: version, correction: correction)
    }

    /// Blocks come in two lengths; the shorter ones first. Data codewords are interleaved across blocks, then
    /// the error-correction codewords.
    static func interleave(_ data: [UInt8], version: Int, correction: QRCode.Correction) -> [UInt8] {
        let blockCount = VersionTable.blocks(version: version, correction: correction)
        let eccLength = VersionTable.eccCodewordsPerBlock(version: version, correction: correction)
        let shortLength = data.count / blockCount
        let longBlocks = data.count % blockCount
        var blocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength + (index >= blockCount - longBlocks ? 1 : 0)
            blocks.append(Array(data[offset..<(offset + length)]))
            offset += length
        }
        let ecc = blocks.map { ReedSolomon.remainder($0, degree: eccLength) }
        var result: [UInt8] = []
        for position in 0..<(shortLength + 1) {
            for block in blocks where position < block.count { result.append(block[position]) }
        }
        for position in 0..<eccLength {
            for block in ecc { result.append(block[position]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { $0 | ($1.element ? UInt8(0x80) >> UInt8($1.offset) : 0) }
        }
    }
}
