// Placeholder so the package builds while the codec-backed implementation is written; delete this file
// when PhotoFormat, LocationMetadata, Thumbnail and PhotoError land in their own files.
public enum PhotoFormat: String, Sendable {
    case jpeg = "image/jpeg", png = "image/png", heic = "image/heic"
    public static func detect(_ bytes: [UInt8]) -> PhotoFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        return nil
    }
}
public enum PhotoError: Error, Sendable, Equatable { case unreadable(String), tooLarge }
public enum LocationMetadata {
    public static func isPresent(in bytes: [UInt8], format: PhotoFormat) -> Bool { false }
    public static func stripped(_ bytes: [UInt8], format: PhotoFormat) -> [UInt8] { bytes }
}
public enum Thumbnail {
    public static func jpeg(from bytes: [UInt8], format: PhotoFormat, maxSide: Int = 320, quality: Int = 75) throws -> [UInt8] { bytes }
    public static func size(of bytes: [UInt8], format: PhotoFormat) throws -> (width: Int, height: Int) { (1, 1) }
}
