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
            id: row.id, email: row.email, name: row.name, locale: row.locale, isActive: row.is_active, roles: rows.compactMap(\.role).sorted(),
            createdAt: row.created_at)
    }

    /// The fields of an account its owner may change; nil leaves a field as it is.
    struct Change: Sendable {
        var name: String?
        var email: String?
        var locale: String?

        var isEmpty: Bool { name == nil && email == nil && locale == nil }
    }

    /// Writes only the fields `change` sets, in one UPDATE, so a concurrent change to another field is kept,
    /// and returns the account as it now is (nil when no account has this id) from that same statement, so a
    /// change needs no read of the account before it. Run inside a write: when only one of name and email
    /// changes, the other is read first for the search text, which folds both.
    static func apply(_ change: Change, to id: UUID, on database: any Database) async throws -> AccountView? {
        let sql = try database.sql
        var assignments: [SQLQueryString] = []
        if let name = change.name { assignments.append("name = \(bind: name)") }
        if let email = change.email { assignments.append("email = \(bind: email)") }
        if let locale = change.locale { assignments.append("locale = \(bind: locale)") }
        if change.name != nil || change.email != nil {
            var name = change.name, email = change.email
            if name == nil || email == nil {
                struct Kept: Decodable { let name: String, email: String }
                // Locked on PostgreSQL, so a change of the other field committed meanwhile is not folded in stale.
                let lock: SQLQueryString = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
                let kept = try await sql.raw("SELECT name, email FROM accounts WHERE id = \(bind: id)\(lock)").first(decoding: Kept.self)
                guard let kept else {
                    return nil
                }
                name = name ?? kept.name
                email = email ?? kept.email
            }
            assignments.append("search_text = \(bind: SearchText.fold("\(name ?? "") \(email ?? "")"))")
        }
        guard !assignments.isEmpty else { return try await view(id: id, on: database) }
        // Roles come back as one text, joined by a space, which no role id holds (`Role.isWellFormed`).
        let roles: SQLQueryString =
            sql.dialect.name == "postgresql"
            ? "(SELECT string_agg(role, ' ') FROM role_grants WHERE account_id = accounts.id)"
            : "(SELECT group_concat(role, ' ') FROM role_grants WHERE account_id = accounts.id)"
        let statement: SQLQueryString = """
            UPDATE accounts SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: id)
            RETURNING id, email, name, locale, is_active, created_at, \(roles) AS roles
            """
        struct Changed: Decodable {
            let id: UUID
            let email: String
            let name: String
            let locale: String
            let is_active: Bool
            let created_at: Date
            let roles: String?
        }
        guard let row = try await sql.raw(statement).first(decoding: Changed.self) else { return nil }
        return AccountView(
            id: row.id, email: row.email, name: row.name, locale: row.locale, isActive: row.is_active,
            roles: (row.roles ?? "").split(separator: " ").map(String.init).sorted(), createdAt: row.created_at)
    }
}
