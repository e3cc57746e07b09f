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
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written beside the target with 0600 from the start, then moved over it: never readable by others,
        // never half-written.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw PatioError.tokenStoreFailed(path: temporary.path)
        }
        if FileManager.default.fileExists(atPath: url.path) {
            _ = try FileManager.default.replaceItemAt(url, withItemAt: temporary)
        } else {
            try FileManager.default.moveItem(at: temporary, to: url)
        }
    }

    public func clear() throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
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
