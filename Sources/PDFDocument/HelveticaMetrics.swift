/// Glyph widths of Helvetica and Helvetica-Bold (Adobe's AFM files, thousandths of the font size), for
/// laying out text without embedding fonts.
enum HelveticaMetrics {
    /// Widths of bytes 0x20…0x7E.
    static let regularASCII: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]
    static let boldASCII: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]

    /// Accented Latin-1 letters are as wide as their base letter.
    static let baseLetter: [UInt8: UInt8] = {
        var map: [UInt8: UInt8] = [:]
        for (letters, base) in [
            ("ÀÁÂÃÄÅ", "A"), ("Ç", "C"), ("ÈÉÊË", "E"), ("ÌÍÎÏ", "I"), ("Ñ", "N"), ("ÒÓÔÕÖØ", "O"), ("ÙÚÛÜ", "U"), ("Ý", "Y"),
            ("àáâãäå", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ñ", "n"), ("òóôõöø", "o"), ("ùúûü", "u"), ("ýÿ", "y"),
        ] {
            for scalar in letters.unicodeScalars { map[UInt8(scalar.value)] = UInt8(ascii: Unicode.Scalar(base) ?? "a") }
        }
        return map
    }()

    static let special: [UInt8: (Int, Int)] = [
        0x85: (1000, 1000), 0x96: (556, 556), 0x97: (1000, 1000), 0x91: (222, 278), 0x92: (222, 278), 0x93: (333, 500), 0x94: (333, 500),
        0x80: (556, 556), 0xBF: (611, 611), 0xA1: (333, 333), 0xBA: (365, 365), 0xAA: (370, 370), 0xB0: (400, 400), 0x95: (350, 350),
    ]

    static func width(of byte: UInt8, bold: Bool) -> Int {
        if (0x20...0x7E).contains(byte) { return (bold ? boldASCII : regularASCII)[Int(byte - 0x20)] }
        if let base = baseLetter[byte] { return width(of: base, bold: bold) }
        if let pair = special[byte] { return bold ? pair.1 : pair.0 }
        return 556
    }
}
