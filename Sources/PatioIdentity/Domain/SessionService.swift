import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// A freshly issued session token. The token itself is shown once and never stored.
public struct IssuedSession: Sendable {
    public var token: String
    public var sessionID: UUID
    public var expiresAt: Date
}

/// Issues, resolves and revokes session tokens (256-bit random, stored as SHA-256, sliding expiry).
public struct SessionService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let settings: IdentitySettings
    /// Principals of tokens used recently, so that most requests resolve without a query.
    public let cache: SessionCache

    public init(database: PatioDatabase, clock: PatioClock, settings: IdentitySettings, cache: SessionCache = .disabled) {
        self.database = database
        self.clock = clock
        self.settings = settings
        self.cache = cache
    }

    public func issue(for accountID: UUID) async throws -> IssuedSession {
        let token = SecureToken.generate()
        let now = clock.now()
        let session = SessionModel(
            accountID: accountID, tokenHash: SecureToken.digest(token), createdAt: now, expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        try await database.write { db in try await session.create(on: db) }
        return IssuedSession(token: token, sessionID: session.id!, expiresAt: session.expiresAt)
    }

    /// The principal for a token, or nil when it is unknown, expired, revoked or its account inactive.
    ///
    /// This runs on every authenticated request: a token used recently is answered from `cache` with no
    /// query at all; otherwise it is two indexed queries (session joined with its account, then the roles)
    /// rather than Fluent's eager loading, and the answer is cached.
    public func resolve(token: String) async throws -> Principal? {
        guard !token.isEmpty, token.count <= 128 else { return nil }
        let now = clock.now()
        let digest = SecureToken.digest(token)
        if let entry = cache.entry(digest, now: now),
            now.addingTimeInterval(settings.sessionLifetime).timeIntervalSince(entry.expiresAt) < settings.sessionRefreshInterval
        {
            return entry.principal
        }
        let generation = cache.generation
        let sql = try database.reader.sql
        // One row per role the account holds (one with no role when it holds none).
        let rows = try await sql.raw(Self.sessionByToken(digest)).all(decoding: SessionRow.self)
        guard let row = rows.first else { return nil }
        guard row.revoked_at == nil, row.expires_at > now, row.is_active else { return nil }
        let roles = rows.compactMap(\.role)
        // Slide the expiry, but write at most once per refresh interval so reads stay cheap.
        var expiresAt = row.expires_at
        let freshExpiry = now.addingTimeInterval(settings.sessionLifetime)
        if freshExpiry.timeIntervalSince(row.expires_at) >= settings.sessionRefreshInterval {
            let id = row.session_id
            try await database.write { db in
                try await db.sql.raw("UPDATE sessions SET expires_at = \(bind: freshExpiry) WHERE id = \(bind: id)").run()
            }
            expiresAt = freshExpiry
        }
        let principal = Principal(
            accountID: row.account_id, email: row.email, name: row.name,
            locale: PatioLocale(rawValue: row.locale) ?? .default,
            roles: Set(roles), sessionID: row.session_id, accountCreatedAt: row.created_at,
            authenticatedAt: max(row.session_created_at, row.authenticated_at ?? .distantPast)
        )
        cache.store(principal, digest: digest, expiresAt: expiresAt, now: now, generation: generation)
        return principal
    }

    private struct SessionRow: Decodable {
        let session_id: UUID
        let expires_at: Date
        let revoked_at: Date?
        let session_created_at: Date
        let authenticated_at: Date?
        let account_id: UUID
        let email: String
        let name: String
        let locale: String
        let is_active: Bool
        let created_at: Date
        let role: String?
    }

    /// The session of a token digest joined with its account and, one row each, the account's roles: fixed text,
    /// so no builder serialises it per request, and one statement, so a request that is not cached waits for
    /// the database once.
    private static func sessionByToken(_ digest: String) -> SQLQueryString {
        """
        SELECT s.id AS session_id, s.expires_at, s.revoked_at, s.created_at AS session_created_at, s.authenticated_at, s.account_id,
            a.email, a.name, a.locale, a.is_active, a.created_at, r.role
        FROM sessions s JOIN accounts a ON a.id = s.account_id LEFT JOIN role_grants r ON r.account_id = a.id
        WHERE s.token_hash = \(bind: digest)
        """
    }

    /// Records that the person just proved who they are again in this session.
    @discardableResult
    public func markAuthenticated(sessionID: UUID) async throws -> Date {
        let now = clock.now()
        try await database.write { db in
            try await SessionModel.query(on: db).filter(\.$id == sessionID).set(\.$authenticatedAt, to: now).update()
            try await forgetSessions(ofSession: sessionID, on: db)
        }
        return now
    }

    /// Refuses with `reauthentication_required` unless the session proved who it is within the window.
    public func requireRecentAuthentication(_ principal: Principal) throws {
        guard clock.now().timeIntervalSince(principal.authenticatedAt) <= settings.reauthenticationWindow else {
            throw AppError(
                .forbidden, code: "reauthentication_required",
                detail: "Confirm it is you (your password or a passkey you already have) before adding a passkey.")
        }
    }

    public func revoke(sessionID: UUID) async throws {
        let now = clock.now()
        try await database.write { db in
            try await SessionModel.query(on: db).filter(\.$id == sessionID).filter(\.$revokedAt == nil).set(\.$revokedAt, to: now).update()
            try await forgetSessions(ofSession: sessionID, on: db)
        }
    }

    /// How many sessions of the account are open now (neither revoked nor expired): what deactivating it ends.
    public func openCount(accountID: UUID) async throws -> Int {
        try await SessionModel.query(on: database.reader).filter(\.$account.$id == accountID).filter(\.$revokedAt == nil)
            .filter(\.$expiresAt > clock.now()).count()
    }

    /// Ends every open session of the account — web cookies and API tokens alike, on every device — while
    /// the account itself stays as it is. For a module that withdraws what the account may do (pausing
    /// a field worker): a token handed out before the change must not keep working after it.
    public func revokeAll(accountID: UUID) async throws {
        try await database.write { db in try await revokeAll(accountID: accountID, on: db) }
    }

    /// `revokeAll(accountID:)` inside the caller's transaction, so that the module's own change and the
    /// ended sessions commit together or not at all.
    public func revokeAll(accountID: UUID, on db: any Database) async throws {
        try await SessionModel.query(on: db).filter(\.$account.$id == accountID).filter(\.$revokedAt == nil)
            .set(\.$revokedAt, to: clock.now()).update()
        await cache.forgetAfterCommit(account: accountID, on: database)
    }

    /// Inside a write: once it has committed, the cached principals of the session's account are dropped.
    private func forgetSessions(ofSession sessionID: UUID, on db: any Database) async throws {
        guard let account = try await SessionModel.find(sessionID, on: db)?.$account.id else { return }
        await cache.forgetAfterCommit(account: account, on: database)
    }
}
