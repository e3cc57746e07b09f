import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// What a module may know about an account to show it: its name, email and whether it can sign in.
public struct DirectoryEntry: Codable, Sendable, Equatable {
    public let id: UUID
    public let name: String
    public let email: String
    public let isActive: Bool
}

/// Read-only look-ups of accounts for modules, which never read Identity's tables themselves: batches by
/// id to put names on their own rows, and search by name or email to filter them.
public struct AccountDirectory: Sendable {
    let database: PatioDatabase

    /// Ids looked up per query, well under every database's limit on bound parameters.
    static let batchSize = 500
    /// Most ids one search answers; a module filters its own rows with them.
    public static let searchLimit = 2_000

    public init(database: PatioDatabase) {
        self.database = database
    }

    private struct EntryRow: Decodable {
        let id: UUID
        let name: String
        let email: String
        let is_active: Bool
    }

    /// The entries of `ids` that exist, by id.
    public func entries(_ ids: some Sequence<UUID>) async throws -> [UUID: DirectoryEntry] {
        let unique = Array(Set(ids))
        var found: [UUID: DirectoryEntry] = [:]
        let sql = try database.reader.sql
        for batch in BoundList.slices(unique, size: Self.batchSize) {
            let rows = try await sql.raw("SELECT id, name, email, is_active FROM accounts WHERE id IN (\(binds: batch))").all(decoding: EntryRow.self)
            for row in rows { found[row.id] = DirectoryEntry(id: row.id, name: row.name, email: row.email, isActive: row.is_active) }
        }
        return found
    }

    /// Ids of accounts whose name or email contains `text`, ignoring case and accents (at most `searchLimit`).
    public func search(_ text: String) async throws -> [UUID] {
        let folded = SearchText.fold(text.trimmingCharacters(in: .whitespaces))
            .replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
        guard !folded.isEmpty else { return [] }
        return try await AccountModel.query(on: try database.reader).filter(\.$searchText ~~ folded)
            .limit(Self.searchLimit).all(\.$id)
    }
}
