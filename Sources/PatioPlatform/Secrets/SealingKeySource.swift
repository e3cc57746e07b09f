import Foundation
import PatioData

/// Where the key that seals secrets Patio keeps at rest (sessions and passwords modules keep for other systems) comes from.
///
/// It is never stored in the database, so a copy of the database alone (a backup, a dump, a stolen disk
/// image of the database file) opens none of what it sealed.
public enum SealingKeySource: Sendable, Equatable {
    /// `PATIO_SECRET_KEY`: 32 random bytes, base64. Every instance of one deployment sets the same value.
    case environment([UInt8])
    /// A key file in the data folder, created 0600 on first use. `patio backup` copies the database only.
    case file(path: String)
    /// Nowhere to keep a key (PostgreSQL without `PATIO_SECRET_KEY`: instances share no folder): sealing
    /// refuses, naming the setting.
    case missing

    /// The key file's name in the data folder.
    public static let fileName = "secret.key"

    /// `PATIO_SECRET_KEY` when set; else a key file next to the SQLite database; else (PostgreSQL) none.
    public static func resolve(secretKey: [UInt8]?, database: DatabaseSettings) -> SealingKeySource {
        if let secretKey { return .environment(secretKey) }
        guard case .sqlite(let path) = database else { return .missing }
        return .file(path: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(fileName).path)
    }

    /// The 32 bytes of a base64 key (`openssl rand -base64 32`); nil for anything else.
    public static func decode(base64 text: String) -> [UInt8]? {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), data.count == 32 else { return nil }
        return Array(data)
    }

    /// What start-up says when there is no key: which setting is missing, and what refuses without it.
    public static let missingMessage =
        "PATIO_SECRET_KEY is not set. On PostgreSQL the key that seals secrets kept at rest "
        + "(sessions and passwords modules keep for other systems) must come from it, the same on every instance: "
        + "set it to 32 random bytes in base64 (openssl rand -base64 32). Until then the features that keep such secrets answer 503."
}
