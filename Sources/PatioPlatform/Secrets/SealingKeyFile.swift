import Foundation
import PatioCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sealing key's file in the data folder: base64 on one line, readable by Patio's user only (0600).
enum SealingKeyFile {
    /// The key in the file; nil when there is no file yet. A file that is not a 32-byte base64 key stops the
    /// request with a message naming the file (rather than quietly sealing with a new key).
    static func read(_ path: String) throws -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let key = SealingKeySource.decode(base64: String(decoding: data, as: UTF8.self)) else {
            throw AppError(.internalServerError, code: "secret_key_unreadable", detail: "The key file \(path) does not hold a 32-byte base64 key.")
        }
        return key
    }

    /// Writes `key` to a new file created 0600 (never readable by others, not even for an instant) and
    /// synced to disk; when another process created it first, its key wins.
    static func create(_ path: String, key: [UInt8]) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST, let existing = try read(path) { return existing }
            throw AppError(.internalServerError, code: "secret_key_unwritable", detail: "Patio cannot create its key file \(path) (errno \(errno)).")
        }
        defer { close(descriptor) }
        let line = Array((Data(key).base64EncodedString() + "\n").utf8)
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fchmod(descriptor, 0o600) == 0, fsync(descriptor) == 0 else {
            unlink(path)
            throw AppError(.internalServerError, code: "secret_key_unwritable", detail: "Patio cannot write its key file \(path) (errno \(errno)).")
        }
        return key
    }
}
