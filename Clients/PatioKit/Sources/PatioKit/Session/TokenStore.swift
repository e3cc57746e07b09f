import Foundation

/// Where an installation keeps its session token between launches.
public protocol TokenStore: Sendable {
    /// The kept token, nil when signed out.
    func load() throws -> String?
    func save(_ token: String) throws
    func clear() throws
}

/// Keeps the token in memory only: for tests, and for apps that sign in on every launch.
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?

    public init(token: String? = nil) { self.token = token }

    public func load() throws -> String? { lock.withLock { token } }
    public func save(_ token: String) throws { lock.withLock { self.token = token } }
    public func clear() throws { lock.withLock { token = nil } }
}

/// A file only its owner may read or write (mode 0600): the token store on Linux. A file that others could
/// read is not trusted: `load` refuses it and removes it, so the app signs in again.
///
/// The token is never readable by anyone else, not even for a moment: it is written to a new file opened
/// with mode 0600 (`O_CREAT | O_EXCL`, so nothing already there — or planted there — is reused), flushed to
/// disk, then renamed over the old file in one step. A folder the store creates is 0700.
public struct FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() throws -> String? {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let permissions = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
        guard permissions & 0o077 == 0 else {
            try clear()
            throw PatioError.insecureTokenFile(path: path)
        }
        let token = try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    public func save(_ token: String) throws {
        let folder = url.deletingLastPathComponent()
        try Self.makeFolders(folder.path)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)").path
        try Self.writePrivately(Array(token.utf8), to: temporary)
        // rename(2) replaces the old token in one step: a reader sees the old file or the new one, never half of one.
        guard rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw PatioError.tokenStoreFailed(path: url.path)
        }
        // The rename itself is made durable by flushing the folder (best effort: some file systems refuse).
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    /// Creates `bytes` at `path` as a new file that is 0600 from the moment it exists, whatever the umask,
    /// and flushed to disk before it returns. `afterCreate` runs once the file exists and before anything
    /// is written (tests look at the file then). A file already at `path`, or a link, is refused.
    static func writePrivately(_ bytes: [UInt8], to path: String, afterCreate: () -> Void = {}) throws {
        // The mode given to open(2) is narrowed by the umask, never widened: 0600 or less from the start.
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw PatioError.tokenStoreFailed(path: path) }
        var written = false
        defer {
            close(file)
            if !written { unlink(path) }
        }
        // Exactly 0600 even under a umask that took the owner's own bits away.
        guard fchmod(file, 0o600) == 0 else { throw PatioError.tokenStoreFailed(path: path) }
        afterCreate()
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PatioError.tokenStoreFailed(path: path)
            }
            offset += count
        }
        guard fsync(file) == 0 else { throw PatioError.tokenStoreFailed(path: path) }
        written = true
    }

    /// Creates the folders missing on the way to `path`, each 0700 (folders that exist are left as they are).
    static func makeFolders(_ path: String) throws {
        var missing: [String] = []
        var current = URL(fileURLWithPath: path).standardizedFileURL.path
        while current.count > 1, !FileManager.default.fileExists(atPath: current) {
            missing.append(current)
            current = URL(fileURLWithPath: current).deletingLastPathComponent().path
        }
        for folder in missing.reversed() {
            if mkdir(folder, 0o700) == 0 {
                // Exactly 0700 for a folder Patio made, whatever the umask (mkdir's mode can only have been narrowed).
                _ = chmod(folder, 0o700)
            } else if errno != EEXIST {
                throw PatioError.tokenStoreFailed(path: folder)
            }
        }
    }
}

#if canImport(Security)
    import Security

    /// The Keychain, on Apple platforms: the token as a generic password of `service`, readable after the
    /// device's first unlock and never restored to another device.
    public struct KeychainTokenStore: TokenStore {
        public let service: String
        public let account: String

        public init(service: String, account: String = "patio-session") {
            self.service = service
            self.account = account
        }

        private var query: [String: Any] {
            [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
        }

        public func load() throws -> String? {
            var item: CFTypeRef?
            var search = query
            search[kSecReturnData as String] = true
            search[kSecMatchLimit as String] = kSecMatchLimitOne
            let status = SecItemCopyMatching(search as CFDictionary, &item)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess, let data = item as? Data else { throw PatioError.keychain(status: Int(status)) }
            return String(data: data, encoding: .utf8)
        }

        public func save(_ token: String) throws {
            let attributes: [String: Any] = [
                kSecValueData as String: Data(token.utf8),
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(query as CFDictionary, attributes as CFDictionary)
            if status == errSecItemNotFound {
                status = SecItemAdd(query.merging(attributes) { _, new in new } as CFDictionary, nil)
            }
            guard status == errSecSuccess else { throw PatioError.keychain(status: Int(status)) }
        }

        public func clear() throws {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw PatioError.keychain(status: Int(status)) }
        }
    }
#endif
