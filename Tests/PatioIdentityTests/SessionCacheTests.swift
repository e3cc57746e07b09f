import FluentKit
import Foundation
import Logging
import PatioCore
import PatioData
@testable import PatioIdentity
import PatioTestSupport
import SQLKit
import Synchronization
import Testing

@Suite("Session cache: a token used recently costs no query, and every change through Identity is seen by the next request")
struct SessionCacheTests {
    static let hasher = PasswordHasher(hash: { "plain:" + $0 }, verify: { $1 == "plain:" + $0 })

    struct Harness {
        let database: PatioDatabase
        let accounts: AccountService
        let sessions: SessionService
        let cache: SessionCache
        let clock: ManualClock

        /// Ana's account and a session of hers that has been resolved once, so it is cached.
        func anaWithCachedSession() async throws -> (account: AccountView, session: IssuedSession) {
            let ana = try await accounts.create(NewAccount(email: "ana@test.patio", name: "Ana", password: "correct-horse-battery"))
            let session = try await sessions.issue(for: ana.id)
            _ = try await sessions.resolve(token: session.token)
            return (ana, session)
        }
    }

    /// Identity's services sharing one cache, as IdentityServices wires them, on a fresh database.
    static func withIdentity(roles: Set<String> = ["courier.agent"], _ body: (Harness) async throws -> Void) async throws {
        try await TestDatabase.make(migratedWith: IdentityMigrations.all).dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "session-cache")).closing { database in
                var migrations = MigrationRegistry()
                migrations.add(IdentityMigrations.all)
                try await database.migrate(migrations)
                let clock = ManualClock(), cache = SessionCache()
                try await body(
                    Harness(
                        database: database,
                        accounts: AccountService(database: database, hasher: hasher, clock: clock.clock, knownRoles: roles, sessionCache: cache),
                        sessions: SessionService(database: database, clock: clock.clock, settings: IdentitySettings(), cache: cache),
                        cache: cache, clock: clock))
            }
        }
    }

    /// Revokes every session of `account` in SQL, behind Identity's back, as an operator might by hand.
    static func revokeBehindPatio(_ account: UUID, _ database: PatioDatabase) async throws {
        try await database.write { db in
            try await (try db.sql).raw("UPDATE sessions SET revoked_at = \(bind: Date()) WHERE account_id = \(bind: account)").run()
        }
    }

    @Test("a change made behind Identity's back is not seen while the token is cached, and is seen once its minute is up")
    func servedFromMemory() async throws {
        try await Self.withIdentity { patio in
            let ana = try await patio.accounts.create(NewAccount(email: "ana@test.patio", name: "Ana", password: "correct-horse-battery"))
            let phone = try await patio.sessions.issue(for: ana.id)
            #expect(try await patio.sessions.resolve(token: phone.token)?.accountID == ana.id)
            #expect(patio.cache.count == 1)

            try await Self.revokeBehindPatio(ana.id, patio.database)
            // Answered from memory: the database was not asked.
            #expect(try await patio.sessions.resolve(token: phone.token)?.accountID == ana.id)
            patio.clock.advance(by: patio.cache.maxAge + 1)
            #expect(try await patio.sessions.resolve(token: phone.token) == nil)
        }
    }

    @Test("a rename through Identity is written into the cached sessions: the next request reads nothing and sees the new name")
    func renameInPlace() async throws {
        try await Self.withIdentity { patio in
            let (ana, phone) = try await patio.anaWithCachedSession()
            _ = try await patio.accounts.update(id: ana.id, name: "Ana María", locale: "en", email: "ana.maria@test.patio")
            // Behind Patio's back: a request that read the database now would be refused.
            try await Self.revokeBehindPatio(ana.id, patio.database)
            let renamed = try await patio.sessions.resolve(token: phone.token)
            #expect(renamed?.name == "Ana María" && renamed?.locale == .en && renamed?.email == "ana.maria@test.patio")
            #expect(renamed?.sessionID == phone.sessionID)
            // The entry is as old as its first read: the rename did not lengthen its minute.
            patio.clock.advance(by: patio.cache.maxAge + 1)
            #expect(try await patio.sessions.resolve(token: phone.token) == nil)
        }
    }

    @Test("many renames of one account at once: the cached session takes the one that committed last, and no request reads")
    func renamesAtOnce() async throws {
        try await Self.withIdentity { patio in
            let (ana, phone) = try await patio.anaWithCachedSession()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for round in 1...24 {
                    let locale = round.isMultiple(of: 2) ? "en" : "es"
                    group.addTask { _ = try await patio.accounts.update(id: ana.id, name: "Ana \(round)", locale: locale) }
                }
                try await group.waitForAll()
            }
            let stored = try await patio.accounts.find(id: ana.id)
            // Behind Patio's back: a request that read the database now would be refused.
            try await Self.revokeBehindPatio(ana.id, patio.database)
            let cached = try await patio.sessions.resolve(token: phone.token)
            #expect(cached?.name == stored.name && cached?.locale.rawValue == stored.locale)
        }
    }

    @Test("a rename refused (the email is someone else's) forgets the cached sessions instead of guessing")
    func refusedRename() async throws {
        try await Self.withIdentity { patio in
            let (ana, phone) = try await patio.anaWithCachedSession()
            _ = try await patio.accounts.create(NewAccount(email: "beto@test.patio", name: "Beto", password: "correct-horse-battery"))
            await #expect(throws: AppError.self) {
                _ = try await patio.accounts.update(id: ana.id, name: "Ana María", locale: nil, email: "beto@test.patio")
            }
            #expect(patio.cache.count == 0)
            let unchanged = try await patio.sessions.resolve(token: phone.token)
            #expect(unchanged?.name == "Ana" && unchanged?.email == "ana@test.patio")
        }
    }

    @Test("sign-out, ending every session, deactivation, a new password, roles and a rename are seen by the very next request")
    func changesThroughIdentity() async throws {
        try await Self.withIdentity { patio in
            let ana = try await patio.accounts.create(NewAccount(email: "ana@test.patio", name: "Ana", password: "correct-horse-battery"))
            func cachedSession() async throws -> IssuedSession {
                let session = try await patio.sessions.issue(for: ana.id)
                _ = try await patio.sessions.resolve(token: session.token)
                return session
            }

            var session = try await cachedSession()
            _ = try await patio.accounts.grant(role: "courier.agent", to: ana.id)
            #expect(try await patio.sessions.resolve(token: session.token)?.has(role: "courier.agent") == true)
            _ = try await patio.accounts.revoke(role: "courier.agent", from: ana.id, actor: nil)
            #expect(try await patio.sessions.resolve(token: session.token)?.has(role: "courier.agent") == false)
            _ = try await patio.accounts.update(id: ana.id, name: "Ana María", locale: "en")
            let renamed = try await patio.sessions.resolve(token: session.token)
            #expect(renamed?.name == "Ana María" && renamed?.locale == .en)

            try await patio.sessions.revoke(sessionID: session.sessionID)
            #expect(try await patio.sessions.resolve(token: session.token) == nil)

            session = try await cachedSession()
            try await patio.sessions.revokeAll(accountID: ana.id)
            #expect(try await patio.sessions.resolve(token: session.token) == nil)

            session = try await cachedSession()
            try await patio.accounts.setPassword(id: ana.id, newPassword: "another-horse-battery", keepSession: nil)
            #expect(try await patio.sessions.resolve(token: session.token) == nil)

            session = try await cachedSession()
            _ = try await patio.accounts.setActive(false, id: ana.id, actor: nil)
            #expect(try await patio.sessions.resolve(token: session.token) == nil)
        }
    }

    @Test("a module's transaction that ends the sessions: they work until it commits, and not a request after")
    func insideAModuleTransaction() async throws {
        try await Self.withIdentity { patio in
            let (ana, phone) = try await patio.anaWithCachedSession()
            let sessions = patio.sessions
            try await patio.database.write { db in
                try await sessions.revokeAll(accountID: ana.id, on: db)
                // Not committed yet: forgetting now would let a reader load the old row back and keep it.
                #expect(patio.cache.count == 1)
            }
            #expect(patio.cache.count == 0)
            #expect(try await patio.sessions.resolve(token: phone.token) == nil)
        }
    }

    @Test("a transaction that ends the sessions and fails ends none of them, cached or not")
    func rolledBack() async throws {
        try await Self.withIdentity { patio in
            let (ana, phone) = try await patio.anaWithCachedSession()
            struct Refused: Error {}
            let sessions = patio.sessions
            await #expect(throws: Refused.self) {
                try await patio.database.write { db in
                    try await sessions.revokeAll(accountID: ana.id, on: db)
                    throw Refused()
                }
            }
            #expect(try await patio.sessions.resolve(token: phone.token)?.accountID == ana.id)
        }
    }

    @Test("an expired session is refused from memory too, and the sliding expiry is still written")
    func expiry() async throws {
        try await Self.withIdentity { patio in
            let (_, phone) = try await patio.anaWithCachedSession()
            // Past the refresh interval the cached answer is not enough: the expiry slides in the database.
            patio.clock.advance(by: IdentitySettings().sessionRefreshInterval + 1)
            #expect(try await patio.sessions.resolve(token: phone.token) != nil)
            let stored = try await SessionModel.query(on: patio.database.reader).filter(\.$id == phone.sessionID).first()
            #expect((stored?.expiresAt ?? .distantPast) > phone.expiresAt)
            patio.clock.advance(by: IdentitySettings().sessionLifetime + 1)
            #expect(try await patio.sessions.resolve(token: phone.token) == nil)
        }
    }
}

@Suite("Session cache entries: kept, forgotten and refused")
struct SessionCacheEntryTests {
    static func principal(_ account: UUID = UUID()) -> Principal {
        Principal(accountID: account, email: "a@test.patio", name: "A", locale: .es, roles: [], sessionID: UUID(), accountCreatedAt: Date())
    }

    @Test("a read that began before a forgetting does not keep what it read")
    func raceWithAForgetting() async {
        let cache = SessionCache(), now = Date()
        let ana = Self.principal()
        let began = cache.generation
        await cache.forget(account: UUID())  // any account: the read cannot tell which rows it saw
        cache.store(ana, digest: "d1", expiresAt: now.addingTimeInterval(60), now: now, generation: began)
        #expect(cache.entry("d1", now: now) == nil)
        cache.store(ana, digest: "d1", expiresAt: now.addingTimeInterval(60), now: now, generation: cache.generation)
        #expect(cache.entry("d1", now: now)?.principal == ana)
    }

    @Test("forgetting an account drops its tokens and no one else's; forgetting everything drops all")
    func forgetting() {
        let cache = SessionCache(), now = Date(), ana = Self.principal(), beto = Self.principal()
        for (digest, principal) in [("a1", ana), ("a2", ana), ("b1", beto)] {
            cache.store(principal, digest: digest, expiresAt: now.addingTimeInterval(60), now: now, generation: cache.generation)
        }
        cache.forgetLocally(account: ana.accountID)
        #expect(cache.entry("a1", now: now) == nil && cache.entry("a2", now: now) == nil)
        #expect(cache.entry("b1", now: now)?.principal == beto)
        cache.forgetAll()
        #expect(cache.count == 0)
    }

    @Test("an entry ends with its session or its minute, whichever is first; a full cache starts again; a disabled one keeps nothing")
    func limits() {
        let now = Date(), ana = Self.principal()
        let cache = SessionCache(capacity: 2, maxAge: 60)
        cache.store(ana, digest: "short", expiresAt: now.addingTimeInterval(10), now: now, generation: cache.generation)
        cache.store(ana, digest: "long", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        #expect(cache.entry("short", now: now.addingTimeInterval(11)) == nil)
        #expect(cache.entry("long", now: now.addingTimeInterval(59)) != nil)
        #expect(cache.entry("long", now: now.addingTimeInterval(61)) == nil)
        for digest in ["x", "y", "z"] {
            cache.store(ana, digest: digest, expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        }
        #expect(cache.count <= 2)
        let off = SessionCache.disabled
        off.store(ana, digest: "x", expiresAt: now.addingTimeInterval(600), now: now, generation: off.generation)
        #expect(off.count == 0)
    }

    @Test("a change of name, email or language takes the cached entries in place, roles, session and age kept")
    func changeInPlace() {
        let cache = SessionCache(), now = Date()
        var ana = Self.principal()
        ana.roles = ["academy.student"]
        let beto = Self.principal()
        for (digest, principal) in [("a1", ana), ("a2", ana), ("b1", beto)] {
            cache.store(principal, digest: digest, expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        }
        let readBefore = cache.generation
        let change = cache.beginChange(of: ana.accountID)
        let renamed = Self.view(of: ana, name: "Ana María", email: "am@test.patio", locale: "en")
        cache.endChange(change, as: AccountRows.Changed(view: renamed, version: 1))
        for digest in ["a1", "a2"] {
            let principal = cache.entry(digest, now: now)?.principal
            #expect(principal?.name == "Ana María" && principal?.email == "am@test.patio" && principal?.locale == .en)
            #expect(principal?.roles == ["academy.student"] && principal?.sessionID == ana.sessionID)
        }
        #expect(cache.entry("b1", now: now)?.principal == beto)
        #expect(cache.entry("a1", now: now.addingTimeInterval(61)) == nil, "the entry keeps the minute of its first read")
        // A read that began before the change must not store the old name over the new one.
        cache.store(ana, digest: "a3", expiresAt: now.addingTimeInterval(600), now: now, generation: readBefore)
        #expect(cache.entry("a3", now: now) == nil)
    }

    @Test("changes of one account in flight at once: whichever ends last, the entries keep the one that committed last")
    func changesInFlightTogether() {
        let now = Date(), ana = Self.principal()
        let first = Self.view(of: ana, name: "Ana Uno", email: ana.email, locale: "es")
        let second = Self.view(of: ana, name: "Ana Dos", email: ana.email, locale: "en")
        for secondEndsFirst in [false, true] {
            let cache = SessionCache()
            cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
            let began = (cache.beginChange(of: ana.accountID), cache.beginChange(of: ana.accountID))
            if secondEndsFirst {
                cache.endChange(began.1, as: AccountRows.Changed(view: second, version: 8))
                cache.endChange(began.0, as: AccountRows.Changed(view: first, version: 7))
            } else {
                cache.endChange(began.0, as: AccountRows.Changed(view: first, version: 7))
                cache.endChange(began.1, as: AccountRows.Changed(view: second, version: 8))
            }
            let principal = cache.entry("a1", now: now)?.principal
            #expect(principal?.name == "Ana Dos" && principal?.locale == .en, "second ended first: \(secondEndsFirst)")
        }

        // Once both have ended, a later change is taken whatever its place (the account may have been changed
        // outside Patio meanwhile, and its count with it).
        let cache = SessionCache()
        cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        cache.endChange(cache.beginChange(of: ana.accountID), as: AccountRows.Changed(view: second, version: 8))
        cache.endChange(cache.beginChange(of: ana.accountID), as: AccountRows.Changed(view: first, version: 3))
        #expect(cache.entry("a1", now: now)?.principal.name == "Ana Uno")
    }

    @Test("when anything else touches the account while its change is in flight, or the change fails, its entries are forgotten")
    func changeThatCannotBeOrdered() {
        let now = Date(), ana = Self.principal()
        let renamed = AccountRows.Changed(view: Self.view(of: ana, name: "Ana María", email: ana.email, locale: "es"), version: 1)
        func cacheWithAna() -> SessionCache {
            let cache = SessionCache()
            cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
            return cache
        }

        // Another instance's announcement (or a role revoked here) during the write.
        var cache = cacheWithAna()
        var change = cache.beginChange(of: ana.accountID)
        cache.forgetLocally(account: ana.accountID)
        cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        cache.endChange(change, as: renamed)
        #expect(cache.entry("a1", now: now) == nil)

        // The same with a second change in flight: it is not taken either, though it ends after the first.
        cache = cacheWithAna()
        let both = (cache.beginChange(of: ana.accountID), cache.beginChange(of: ana.accountID))
        cache.forgetLocally(account: ana.accountID)
        cache.endChange(both.0, as: renamed)
        cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        cache.endChange(both.1, as: AccountRows.Changed(view: renamed.view, version: 2))
        #expect(cache.entry("a1", now: now) == nil)

        // The bus reconnected during the write.
        cache = cacheWithAna()
        change = cache.beginChange(of: ana.accountID)
        cache.forgetAll()
        cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        cache.endChange(change, as: renamed)
        #expect(cache.entry("a1", now: now) == nil)

        // A failed write, or one that found no account.
        cache = cacheWithAna()
        cache.endChange(cache.beginChange(of: ana.accountID), as: nil)
        #expect(cache.entry("a1", now: now) == nil)

        // Once the account is quiet again, a change is taken in place.
        cache.store(ana, digest: "a1", expiresAt: now.addingTimeInterval(600), now: now, generation: cache.generation)
        cache.endChange(cache.beginChange(of: ana.accountID), as: renamed)
        #expect(cache.entry("a1", now: now)?.principal.name == "Ana María")
    }

    static func view(of principal: Principal, name: String, email: String, locale: String) -> AccountView {
        AccountView(
            id: principal.accountID, email: email, name: name, locale: locale, isActive: true, roles: principal.roles.sorted(),
            createdAt: principal.accountCreatedAt)
    }

    @Test("forgetting is announced to the other instances with the account's id")
    func announced() async {
        let cache = SessionCache(), heard = Mutex<[UUID]>([])
        cache.broadcast { account in heard.withLock { $0.append(account) } }
        let ana = UUID()
        await cache.forget(account: ana)
        cache.forgetLocally(account: UUID())  // what another instance's announcement does: not announced again
        #expect(heard.withLock { $0 } == [ana])
    }
}
