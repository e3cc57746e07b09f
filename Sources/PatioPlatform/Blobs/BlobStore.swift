import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Files Patio keeps for the apps (a person's photo, a proof-of-delivery photo), in the database so a
/// backup holds them and every instance serves them. Small by design: images up to `maxBytes`.
public struct BlobStore: Sendable {
    let database: PatioDatabase

    public static let maxBytes = 2 * 1024 * 1024

    public init(database: PatioDatabase) {
        self.database = database
    }

    /// A stored file.
    public struct Blob: Sendable {
        public let id: UUID
        public let contentType: String
        public let bytes: [UInt8]
        /// Hex SHA-256 of the bytes, used as the ETag.
        public let digest: String

        /// A file held elsewhere (a module's own copy of one), answered the same way as a stored one; its
        /// digest is worked out here, as `put` does, so the ETag always names these bytes.
        public init(id: UUID, contentType: String, bytes: [UInt8]) {
            self.init(id: id, contentType: contentType, bytes: bytes, digest: BlobStore.digest(bytes))
        }

        init(id: UUID, contentType: String, bytes: [UInt8], digest: String) {
            self.id = id
            self.contentType = contentType
            self.bytes = bytes
            self.digest = digest
        }
    }

    /// Hex SHA-256 of `bytes`.
    static func digest(_ bytes: [UInt8]) -> String {
        Hex.encode(SHA256.hash(data: bytes))
    }

    /// Stores `bytes` inside the caller's write and returns the new blob's id.
    public func put(_ bytes: [UInt8], contentType: String, on db: any Database) async throws -> UUID {
        let id = UUID()
        let digest = Self.digest(bytes)
        try await (try db.sql).insert(into: "platform_blobs")
            .columns("id", "content_type", "bytes", "size", "digest")
            .values(SQLBind(id.uuidString.lowercased()), SQLBind(contentType), SQLBind(Data(bytes)), SQLBind(bytes.count), SQLBind(digest))
            .run()
        return id
    }

    public func delete(_ id: UUID, on db: any Database) async throws {
        try await (try db.sql).delete(from: "platform_blobs").where("id", .equal, id.uuidString.lowercased()).run()
    }

    public func get(_ id: UUID) async throws -> Blob? {
        struct Row: Decodable { var content_type: String; var bytes: Data; var digest: String }
        guard
            let row = try await (try database.reader.sql).select().columns("content_type", "bytes", "digest")
                .from("platform_blobs").where("id", .equal, id.uuidString.lowercased()).first(decoding: Row.self)
        else { return nil }
        return Blob(id: id, contentType: row.content_type, bytes: Array(row.bytes), digest: row.digest)
    }
}

/// The image formats Patio accepts, recognised by their first bytes rather than by what the client claims.
public enum ImageFormat: String, Sendable {
    case png = "image/png", jpeg = "image/jpeg", webp = "image/webp"

    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }
}

struct CreateBlobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql
        let bytes = sql.dialect.name == "postgresql" ? "BYTEA" : "BLOB"
        try await sql.raw(
            SQLQueryString(
                """
                CREATE TABLE platform_blobs (id TEXT PRIMARY KEY, content_type TEXT NOT NULL, bytes \(unsafeRaw: bytes) NOT NULL,
                  size INTEGER NOT NULL, digest TEXT NOT NULL)
                """)
        ).run()
    }

    func revert(on database: any Database) async throws {
        try await (try database.sql).raw("DROP TABLE platform_blobs").run()
    }
}
