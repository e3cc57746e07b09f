/// The grid being built: module colours plus which modules belong to function patterns (never masked).
struct ModuleMatrix {
    let version: Int
    let size: Int
    var modules: [Bool]
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }

    mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// Timing lines, finders with separators, alignment patterns, and reserved format/version areas.
    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    setFunction(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let positions = VersionTable.alignmentPositions(version: version)
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                // The three corners hold finders, not alignment patterns.
                if (i == 0 && j == 0) || (i == 0 && j == positions.count - 1) || (i == positions.count - 1 && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(correction: .medium, mask: 0)
        drawVersion()
    }

    /// 15 format bits (level and mask, BCH-protected, XOR-masked), twice, plus the dark module.
    mutating func drawFormat(correction: QRCode.Correction, mask: Int) {
        let bits = FormatInformation.bits(correction: correction, mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// 18 version bits in two 6×3 blocks, from version 7 on.
    mutating func drawVersion() {
        guard version >= 7 else { return }
        let bits = FormatInformation.versionBits(version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    /// Codeword bits in the standard's zigzag: two-module columns from the right, alternately up and down,
    /// skipping the vertical timing column.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], bitIndex < totalBits else { continue }
                    self[x, y] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// A copy with `mask` applied to the data modules and the matching format information drawn.
    func masked(_ mask: Int, correction: QRCode.Correction) -> ModuleMatrix {
        var copy = self
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Masking.inverts(mask, x: x, y: y) {
                copy[x, y].toggle()
            }
        }
        copy.drawFormat(correction: correction, mask: mask)
        return copy
    }
}

/// The BCH-protected format and version words.
enum FormatInformation {
    static func bits(correction: QRCode.Correction, mask: Int) -> Int {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
