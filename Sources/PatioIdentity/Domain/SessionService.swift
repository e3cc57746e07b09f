import FluentKit
import Foundation
import PatioCore
import PatioData

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

    public init(database: PatioDatabase, clock: PatioClock, settings: IdentitySettings) {
        self.database = database
        self.clock = clock
        self.settings = settings
    }

    public func issue(for accountID: UUID) async throws -> IssuedSession {
        let token = SecureToken.generate()
        let now = clock.now()
        let session = SessionModel(accountID: accountID, tokenHash: SecureToken.digest(token), createdAt: now, expiresAt: now.addingTimeInterval(settings.sessionLifetime))
        try await database.write { db in try await session.create(on: db) }
        return IssuedSession(token: token, sessionID: session.id!, expiresAt: session.expiresAt)
    }

    /// The principal for a token, or nil when it is unknown, expired, revoked or its account inactive.
    public func resolve(token: String) async throws -> Principal? {
        guard !token.isEmpty, token.count <= 128 else { return nil }
        let now = clock.now()
        let match = try await SessionModel.query(on: database.reader)
            .filter(\.$tokenHash == SecureToken.digest(token))
            .with(\.$account) { account in account.with(\.$grants) }
            .first()
        guard let session = match else { return nil }
        guard session.revokedAt == nil, session.expiresAt > now, session.account.isActive else { return nil }
        // Slide the expiry, but write at most once per refresh interval so reads stay cheap.
        let freshExpiry = now.addingTimeInterval(settings.sessionLifetime)
        if freshExpiry.timeIntervalSince(session.expiresAt) >= settings.sessionRefreshInterval {
            let id = session.id!
            try await database.write { db in
                try await SessionModel.query(on: db).filter(\.$id == id).set(\.$expiresAt, to: freshExpiry).update()
            }
        }
        let account = session.account
        return Principal(
            accountID: account.id!, email: account.email, name: account.name,
            locale: PatioLocale(rawValue: account.locale) ?? .default,
            roles: Set(account.grants.map(\.role)), sessionID: session.id!
        )
    }

    public func revoke(sessionID: UUID) async throws {
        let now = clock.now()
        try await database.write { db in
            try await SessionModel.query(on: db).filter(\.$id == sessionID).filter(\.$revokedAt == nil).set(\.$revokedAt, to: now).update()
        }
    }
}
