import Crypto
import PatioCore
import PatioData

/// Everything identity offers, wired once in the composition root and handed to whoever needs it.
public struct IdentityServices: Sendable {
    public let settings: IdentitySettings
    public let accounts: AccountService
    /// Names and emails for modules, which never read Identity's tables.
    public let directory: AccountDirectory
    public let sessions: SessionService
    public let throttle: LoginThrottle
    public let login: LoginService
    public let passkeys: PasskeyService

    /// `passkeyKey` signs sign-in challenges; every instance serving one database must use the same key.
    /// `sessionCache` is shared by the account and session services, so a change through either drops
    /// what it invalidates.
    public init(
        database: PatioDatabase, hasher: PasswordHasher, clock: PatioClock, settings: IdentitySettings, knownRoles: Set<String>,
        passkeyKey: @escaping @Sendable () async throws -> SymmetricKey, sessionCache: SessionCache = SessionCache()
    ) {
        self.settings = settings
        accounts = AccountService(database: database, hasher: hasher, clock: clock, knownRoles: knownRoles, sessionCache: sessionCache)
        directory = AccountDirectory(database: database)
        sessions = SessionService(database: database, clock: clock, settings: settings, cache: sessionCache)
        throttle = LoginThrottle(database: database, clock: clock, settings: settings)
        login = LoginService(database: database, hasher: hasher, sessions: sessions, throttle: throttle, accounts: accounts)
        passkeys = PasskeyService(
            database: database, clock: clock, settings: settings, sessions: sessions, accounts: accounts, signingKey: passkeyKey)
    }
}
