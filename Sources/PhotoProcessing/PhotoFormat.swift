/// The photo formats Patio keeps, recognised by their first bytes, never by what the client claims.
public enum PhotoFormat: String, Sendable, CaseIterable {
    case jpeg = "image/jpeg", png = "image/png", heic = "image/heic"

    /// The format `bytes` start with, or nil for anything else (GIF, WebP, PDF, text, a truncated header).
    public static func detect(_ bytes: [UInt8]) -> PhotoFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if isHEIC(bytes) { return .heic }
        return nil
    }

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        }
    }

    /// An ISO-BMFF `ftyp` box first, naming a HEIF image brand as its major or a compatible brand.
    private static func isHEIC(_ bytes: [UInt8]) -> Bool {
        let reader = ByteReader(bytes)
        guard let size = reader.uint32(at: 0), reader.fourCC(at: 4) == "ftyp", size >= 16, Int(size) <= bytes.count else { return false }
        let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        if let major = reader.fourCC(at: 8), brands.contains(major) { return true }
        var offset = 16
        while offset + 4 <= Int(size) {
            if let brand = reader.fourCC(at: offset), brands.contains(brand) { return true }
            offset += 4
        }
        return false
    }
}

/// Why a photo could not be used.
public enum PhotoError: Error, Sendable, Equatable {
    /// The codec could not read the bytes (corrupt, truncated, not really this format).
    case unreadable(String)
    /// More pixels than Patio decodes (a decompression bomb), refused from the header.
    case tooLarge
    /// More work than a photo needs: too many progressive scans, or the decoder ran out of its CPU time,
    /// wall-clock time or memory.
    case tooComplex
    /// Every photo worker stayed busy for the whole wait; try again shortly.
    case busy
    /// The photo worker could not be started (a server fault, not the image's).
    case workerUnavailable(String)
}
