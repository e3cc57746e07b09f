import FluentKit
import Foundation
import PatioData
import SQLKit

/// Accounts read and changed with fixed SQL text rather than through `AccountModel`.
///
/// These run on every profile read and change. Fluent enumerates a model's properties by reflection on
/// each query and SQLKit escapes every identifier anew; measured under load, that cost more than SQLite
/// itself. The statements here are literal text with binds, decoded straight into `AccountView`.
enum AccountRows {
    /// An account's columns and its roles in one text (`columns`).
    private struct Row: Decodable {
        let id: UUID
        let email: String
        let name: String
        let locale: String
        let is_active: Bool
        let created_at: Date
        let roles: String?
        let profile_version: Int64

        var view: AccountView {
            AccountView(
                id: id, email: email, name: name, locale: locale, isActive: is_active,
                roles: (roles ?? "").split(separator: " ").map(String.init).sorted(), createdAt: created_at)
        }

        var changed: Changed { Changed(view: view, version: profile_version) }
    }

    /// What `Row` reads of `accounts`: its columns, and its roles joined by a space, which no role id holds
    /// (`Role.isWellFormed`), so an account is one row.
    private static func columns(_ sql: any SQLDatabase) -> SQLQueryString {
        """
        id, email, name, locale, is_active, created_at, \
        (SELECT \(sql.spaceJoined("role")) FROM role_grants WHERE account_id = accounts.id) AS roles, profile_version
        """
    }

    /// An account as a change of its name, email or language left it, and that change's place among the account's
    /// changes (`profile_version`, counted by the change itself under the row's lock).
    struct Changed: Sendable {
        let view: AccountView
        let version: Int64
    }

    /// The account with its roles, or nil when no account has this id: one statement.
    static func view(id: UUID, on database: any Database) async throws -> AccountView? {
        try await row(id, on: database)?.view
    }

    private static func row(_ id: UUID, on database: any Database) async throws -> Row? {
        let sql = try database.sql
        return try await sql.raw("SELECT \(columns(sql)) FROM accounts WHERE id = \(bind: id)").first(decoding: Row.self)
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
    /// change needs no read of the account before or after it. `announcing` runs with the write (a cache
    /// telling other instances to forget the account); on PostgreSQL its notice rides on the statement. A change
    /// that sets no field writes and announces nothing: it reads the account.
    static func apply(
        _ change: Change, to id: UUID, on database: PatioDatabase, announcing: @escaping @Sendable () async -> Void
    ) async throws -> Changed? {
        guard !change.isEmpty else { return try await row(id, on: database.reader)?.changed }
        let rows = try await database.write(
            statement: { sql in update(change, of: id, sql) }, decoding: Row.self, announcing: announcing)
        return rows.first?.changed
    }

    /// The UPDATE of `apply`, for a change that sets at least one field.
    private static func update(_ change: Change, of id: UUID, _ sql: any SQLDatabase) -> SQLQueryString {
        var assignments: [SQLQueryString] = ["profile_version = profile_version + 1"]
        if let name = change.name { assignments.append("name = \(bind: name)") }
        if let email = change.email { assignments.append("email = \(bind: email)") }
        if let locale = change.locale { assignments.append("locale = \(bind: locale)") }
        // The search text is `fold(name + " " + email)`. An email holds no space, so the folded email is what
        // follows the search text's last space: a change of only one of the two keeps the other's part from
        // the row being updated, under the UPDATE's own row lock (`rtrim` by every character but the space
        // leaves the text up to its last space; both dialects have it).
        let upToEmail: SQLQueryString = "rtrim(search_text, replace(search_text, ' ', ''))"
        switch (change.name, change.email) {
        case (let name?, let email?):
            assignments.append("search_text = \(bind: SearchText.fold("\(name) \(email)"))")
        case (let name?, nil):
            assignments.append("search_text = \(bind: SearchText.fold(name) + " ") || substr(search_text, length(\(upToEmail)) + 1)")
        case (nil, let email?):
            assignments.append("search_text = \(upToEmail) || \(bind: SearchText.fold(email))")
        case (nil, nil):
            break
        }
        return "UPDATE accounts SET \(assignments.joined(separator: ", ")) WHERE id = \(bind: id) RETURNING \(columns(sql))"
    }
}
