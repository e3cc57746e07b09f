import FluentKit
import Foundation
import SQLKit

/// Accounts read and changed with fixed SQL text rather than through `AccountModel`.
///
/// These run on every profile read and change. Fluent enumerates a model's properties by reflection on
/// each query and SQLKit escapes every identifier anew; measured under load, that cost more than SQLite
/// itself. The statements here are literal text with binds, decoded straight into `AccountView`.
enum AccountRows {
    private struct Row: Decodable {
        let id: UUID
        let email: String
        let name: String
        let locale: String
        let is_active: Bool
        let created_at: Date
        let role: String?
    }

    /// The account with its roles, or nil when no account has this id: one statement, one row per role.
    static func view(id: UUID, on database: any Database) async throws -> AccountView? {
        let rows = try await database.sql.raw(
            """
            SELECT a.id, a.email, a.name, a.locale, a.is_active, a.created_at, r.role
            FROM accounts a LEFT JOIN role_grants r ON r.account_id = a.id WHERE a.id = \(bind: id)
            """
        ).all(decoding: Row.self)
        guard let row = rows.first else { return nil }
        return AccountView(
            id: row.id, email: row.email, name: row.name, locale: row.locale, isActive: row.is_active, roles: rows.compactMap(\.role),
            createdAt: row.created_at)
    }

    /// The fields of an account its owner may change; nil leaves a field as it is.
    struct Change: Sendable {
        var name: String?
        var email: String?
        var searchText: String?
        var locale: String?

        var isEmpty: Bool { name == nil && email == nil && searchText == nil && locale == nil }
    }

    /// Writes only the fields `change` sets, in one UPDATE, so a concurrent change to another field is kept.
    static func apply(_ change: Change, to id: UUID, on database: any Database) async throws {
        var assignments: [SQLQueryString] = []
        if let name = change.name { assignments.append("name = \(bind: name)") }
        if let email = change.email { assignments.append("email = \(bind: email)") }
        if let searchText = change.searchText { assignments.append("search_text = \(bind: searchText)") }
        if let locale = change.locale { assignments.append("locale = \(bind: locale)") }
        guard !assignments.isEmpty else { return }
        let statement: SQLQueryString = "UPDATE accounts SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: id)"
        try await database.sql.raw(statement).run()
    }
}
