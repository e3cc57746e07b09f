import Foundation
import Logging
import PatioCore
import PatioData
import PatioIdentity
import PatioTestSupport
import Testing

@Suite("Ending an account's sessions")
struct SessionRevocationTests {
    /// Plain-text "hashing": these tests are about sessions, not passwords.
    static let hasher = PasswordHasher(hash: { "plain:" + $0 }, verify: { $1 == "plain:" + $0 })

    /// Accounts and sessions on a fresh, migrated database, with these roles known.
    static func withSessions(roles: Set<String>, _ body: (PatioDatabase, AccountService, SessionService) async throws -> Void) async throws {
        try await TestDatabase.make(migratedWith: IdentityMigrations.all).dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "sessions")).closing { database in
                var migrations = MigrationRegistry()
                migrations.add(IdentityMigrations.all)
                try await database.migrate(migrations)
                let clock = ManualClock()
                try await body(
                    database, AccountService(database: database, hasher: hasher, clock: clock.clock, knownRoles: roles),
                    SessionService(database: database, clock: clock.clock, settings: IdentitySettings()))
            }
        }
    }

    @Test("every open session of the account stops resolving, another account's does not, and the account can sign in again")
    func revokeAll() async throws {
        try await Self.withSessions(roles: ["courier.agent"]) { _, accounts, sessions in
            let ana = try await accounts.create(
                NewAccount(email: "ana@test.patio", name: "Ana", password: "correct-horse-battery", roles: ["courier.agent"]))
            let beto = try await accounts.create(NewAccount(email: "beto@test.patio", name: "Beto", password: "correct-horse-battery"))
            let phone = try await sessions.issue(for: ana.id), browser = try await sessions.issue(for: ana.id)
            let betos = try await sessions.issue(for: beto.id)

            try await sessions.revokeAll(accountID: ana.id)

            #expect(try await sessions.resolve(token: phone.token) == nil)
            #expect(try await sessions.resolve(token: browser.token) == nil)
            #expect(try await sessions.resolve(token: betos.token)?.accountID == beto.id)
            // Only the sessions end: the account stays active with its roles, and a new sign-in works.
            let again = try await sessions.issue(for: ana.id)
            let principal = try #require(try await sessions.resolve(token: again.token))
            #expect(principal.accountID == ana.id && principal.has(role: "courier.agent"))
        }
    }

    @Test("inside a transaction that fails, no session ends")
    func rolledBack() async throws {
        try await Self.withSessions(roles: []) { database, accounts, sessions in
            let ana = try await accounts.create(NewAccount(email: "ana@test.patio", name: "Ana", password: "correct-horse-battery"))
            let phone = try await sessions.issue(for: ana.id)
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                try await database.write { db in
                    try await sessions.revokeAll(accountID: ana.id, on: db)
                    throw Refused()
                }
            }
            #expect(try await sessions.resolve(token: phone.token)?.accountID == ana.id)
        }
    }
}
