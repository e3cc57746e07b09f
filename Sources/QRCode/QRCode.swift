import Foundation

/// A QR code symbol (ISO/IEC 18004, Model 2) holding bytes in byte mode.
///
/// The smallest version that holds the data at the chosen error-correction level is used, and of the eight
/// masks the one with the lowest penalty score is applied, as the standard prescribes.
public struct QRCode: Sendable {
    /// How much of the symbol may be damaged and still decode: about 7 %, 15 %, 25 % and 30 %.
    public enum Correction: Int, Sendable, CaseIterable {
        case low, medium, quartile, high

        /// The two bits the format information uses for this level (not the same order as the cases).
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// 1…40; the symbol is `17 + 4 × version` modules wide.
    public let version: Int
    /// Modules per side.
    public let size: Int
    /// The mask pattern applied (0…7).
    public let mask: Int
    /// The error-correction level used.
    public let correction: Correction
    private let modules: [Bool]

    /// Encodes `text` as UTF-8 bytes.
    public init(text: String, correction: Correction = .medium) throws {
        try self.init(bytes: Array(text.utf8), correction: correction)
    }

    /// Encodes `bytes`; throws `QRCodeError.dataTooLong` when even version 40 cannot hold them.
    public init(bytes: [UInt8], correction: Correction = .medium) throws {
        try self.init(bytes: bytes, correction: correction, forcedMask: nil)
    }

    init(bytes: [UInt8], correction: Correction, forcedMask: Int?) throws {
        guard let version = VersionTable.smallestVersion(holding: bytes.count, correction: correction) else {
            throw QRCodeError.dataTooLong(bytes: bytes.count, maximum: VersionTable.byteCapacity(version: 40, correction: correction))
        }
        let codewords = Codewords.make(bytes: bytes, version: version, correction: correction)
        var matrix = ModuleMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.place(codewords)
        let chosen =
            forcedMask ?? (0..<8).min {
                Masking.penalty(of: matrix.masked($0, correction: correction)) < Masking.penalty(of: matrix.masked($1, correction: correction))
            }!
        let final = matrix.masked(chosen, correction: correction)
        self.version = version
        self.size = final.size
        self.mask = chosen
        self.correction = correction
        self.modules = final.modules
    }

    /// Whether the module at column `x`, row `y` is dark. Outside the symbol is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Equatable, Sendable {
    /// More bytes than version 40 holds at the chosen level.
    case dataTooLong(bytes: Int, maximum: Int)
}
