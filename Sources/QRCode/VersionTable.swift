/// The standard's capacity tables: error-correction codewords per block and number of blocks, per level and
/// version (index 0 unused), and the module count available for data.
enum VersionTable {
    private static let eccPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28,
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30,
        ],
    ]
    private static let blockCount: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24,
            25,
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43,
            45, 47, 49,
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56,
            59, 62, 65, 68,
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66,
            70, 74, 77, 81,
        ],
    ]

    static func eccCodewordsPerBlock(version: Int, correction: QRCode.Correction) -> Int { eccPerBlock[correction.rawValue][version] }
    static func blocks(version: Int, correction: QRCode.Correction) -> Int { blockCount[correction.rawValue][version] }

    /// Modules left for codewords once finder, timing, alignment, format and version areas are taken.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func totalCodewords(version: Int) -> Int { rawDataModules(version: version) / 8 }

    static func dataCodewords(version: Int, correction: QRCode.Correction) -> Int {
        totalCodewords(version: version) - eccCodewordsPerBlock(version: version, correction: correction)
            * blocks(version: version, correction: correction)
    }

    /// Byte-mode character count field: 8 bits up to version 9, 16 after.
    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    static func byteCapacity(version: Int, correction: QRCode.Correction) -> Int {
        (dataCodewords(version: version, correction: correction) * 8 - 4 - countBits(version: version)) / 8
    }

    static func smallestVersion(holding count: Int, correction: QRCode.Correction) -> Int? {
        (1...40).first { byteCapacity(version: $0, correction: correction) >= count }
    }

    /// Centres of alignment patterns along one axis.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = version * 4 + 17
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var positions = [6]
        for index in (0..<(count - 1)).reversed() { positions.append(size - 7 - index * step) }
        return positions
    }
}
