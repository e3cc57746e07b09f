import Foundation
import Logging
import PatioData
import PatioIdentity
import PatioPlatform

/// Everything Patio reads from flags and the environment, resolved once at start-up.
public struct PatioConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDirectory = "./patio-data"
    public var databaseURL: String?
    /// `PATIO_MODULES=<id>,<id>`; nil means every module.
    public var enabledModules: Set<String>?
    public var demoMode = false
    public var logFormat: LogFormat = .text
    /// `LOG_LEVEL`: trace, debug, info, notice, warning, error or critical.
    public var logLevel: Logger.Level = .info
    public var publicURL: String?
    public var identity = IdentitySettings()
    public var bcryptCost: UInt8 = 12
    /// Whether modules' periodic jobs run while serving; tests that move the clock themselves switch them off
    /// so a job cannot act between two steps of the test.
    public var runsPeriodicJobs = true
    /// Seconds a connection may stay silent (no byte from the client) before Patio closes it, whatever
    /// state its request is in: `PATIO_CONNECTION_READ_TIMEOUT`, 1 to 3600.
    public var connectionReadTimeout = 60
    /// `PATIO_SESSION_CACHE_SECONDS`: how long a resolved session token is answered from memory, 0 to 300;
    /// 0 reads the database on every request. Changes made through Patio are seen at once either way; this
    /// is how long one made behind its back (by hand, in SQL) can go unseen.
    public var sessionCacheSeconds = 60
    /// `PATIO_METRICS_TOKEN`: a bearer token that may read `/metrics`; without it only loopback may.
    public var metricsToken: String?
    /// `PATIO_SECRET_KEY`: the key that seals secrets kept at rest (32 bytes, base64); nil keeps it in the
    /// data folder's `secret.key` (SQLite) — on PostgreSQL it is required for the secrets modules seal.
    public var secretKey: [UInt8]?
    /// `PATIO_DB_CONNECTIONS`: connections to the database in all (PostgreSQL), or read connections
    /// (SQLite, which writes on one more); nil: four per core.
    public var databaseConnections: Int?
    /// `PATIO_DB_POOL_TIMEOUT`: seconds a query waits for a free connection before its request answers 503.
    public var databasePoolTimeout: Duration = .seconds(30)
    /// `PATIO_MAX_IN_FLIGHT`: requests worked on at once; nil: twice the database connections.
    public var maxInFlight: Int?
    /// `PATIO_MAX_QUEUED`: requests that may wait for a turn; one more is answered 503 at once.
    public var maxQueued = 1024
    /// `PATIO_QUEUE_WAIT`: seconds a request may wait for its turn before it is answered 503.
    public var queueWait = 30
    /// `PATIO_WEB_PUSH_HOSTS`: the push services browsers' subscriptions may point at (the four big
    /// browsers' by default); `PATIO_WEB_PUSH_ALLOW_HTTP=true` also accepts `http://` ones, for a local fake.
    public var webPushHosts = PushServiceHosts.browsers
    /// `PATIO_WEB_PUSH_CONTACT`: who push services may contact about this server's pushes (`mailto:` or
    /// `https:`, RFC 8292's `sub`); `PATIO_PUBLIC_URL` when not set.
    public var webPushContact: String {
        get { webPushContactSetting ?? publicURL ?? "mailto:admin@localhost" }
        set { webPushContactSetting = newValue }
    }
    private var webPushContactSetting: String?
    /// Apple's push service for iPhone apps (`PATIO_APNS_*`); nil: iPhone apps read their inbox only.
    public var apns: APNsSettings?
    /// `PATIO_<MODULE>_*` variables, for the modules to read and check.
    public var moduleSettings = ModuleSettings(environment: [:])

    public enum LogFormat: String, Sendable { case text, json }

    public init() {}

    /// Defaults overridden by `PATIO_*` and `DATABASE_URL` variables.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PatioConfiguration {
        try PatioConfiguration(settings: SettingsReader(environment: environment))
    }

    /// Defaults overridden by what `settings` holds; the first value that cannot be used stops here, with
    /// a message naming its variable.
    public init(settings: SettingsReader) throws {
        do {
            try read(settings)
        } catch {
            throw ConfigurationError(error.description)
        }
    }

    private mutating func read(_ settings: SettingsReader) throws(SettingError) {
        host = settings.text("patio.host") ?? host
        port = try settings.integer("patio.port", in: 0...65535, meaning: "a port number") ?? port
        dataDirectory = settings.text("patio.data.dir") ?? dataDirectory
        databaseURL = settings.text("database.url", isSecret: true)
        if let modules = settings.list("patio.modules"), !modules.isEmpty, modules != ["all"] { enabledModules = Set(modules) }
        logFormat = try settings.choice("patio.log.format", ["text": LogFormat.text, "json": .json]) ?? logFormat
        let levels = Dictionary(uniqueKeysWithValues: Logger.Level.allCases.map { ($0.rawValue, $0) })
        logLevel = try settings.choice("log.level", levels) ?? logLevel
        if let url = settings.text("patio.public.url") {
            publicURL = url
            identity.secureCookies = url.hasPrefix("https://")
        }
        if let days = try settings.integer("patio.session.days", in: 1...365, meaning: "days a session lasts") {
            identity.sessionLifetime = Double(days) * 24 * 3600
        }
        identity.passkeyRequiresUserVerification =
            try settings.choice(
                "patio.passkey.user.verification", ["required": true, "preferred": false]) ?? identity.passkeyRequiresUserVerification
        // A count of proxies; the older yes/no spelling means one proxy or none.
        if let trust = settings.text("patio.trust.proxy")?.lowercased() {
            switch trust {
            case "true", "yes": identity.trustedProxyHops = 1
            case "false", "no": identity.trustedProxyHops = 0
            default:
                identity.trustedProxyHops =
                    try settings.integer("patio.trust.proxy", in: 0...10, meaning: "proxies in front of Patio") ?? identity.trustedProxyHops
            }
        }
        bcryptCost = try settings.integer("patio.bcrypt.cost", in: 12...16, meaning: "bcrypt's work factor").map(UInt8.init) ?? bcryptCost
        connectionReadTimeout =
            try settings.integer(
                "patio.connection.read.timeout", in: 1...3600, meaning: "seconds a silent connection stays open") ?? connectionReadTimeout
        sessionCacheSeconds =
            try settings.integer("patio.session.cache.seconds", in: 0...300, meaning: "seconds a session is answered from memory")
            ?? sessionCacheSeconds
        if let token = settings.text("patio.metrics.token", isSecret: true) {
            guard token.count >= 16 else { throw SettingError("PATIO_METRICS_TOKEN must be at least 16 characters") }
            metricsToken = token
        }
        try readLoadLimits(settings)
        if let contact = settings.text("patio.web.push.contact") {
            guard contact.hasPrefix("mailto:") || contact.hasPrefix("https://") else {
                throw SettingError("PATIO_WEB_PUSH_CONTACT must be a mailto: or https: URL, like mailto:ops@example.com")
            }
            webPushContact = contact
        }
        let allowHTTP = try settings.choice("patio.web.push.allow.http", ["true": true, "false": false]) ?? false
        if let hosts = settings.list("patio.web.push.hosts"), !hosts.isEmpty {
            webPushHosts = PushServiceHosts(suffixes: hosts, allowPlainHTTP: allowHTTP)
        } else if allowHTTP {
            webPushHosts = PushServiceHosts(suffixes: PushServiceHosts.browsers.suffixes, allowPlainHTTP: true)
        }
        if let key = settings.text("patio.secret.key", isSecret: true) {
            guard let bytes = SealingKeySource.decode(base64: key) else {
                throw SettingError("PATIO_SECRET_KEY must be 32 bytes in base64, like the output of openssl rand -base64 32")
            }
            secretKey = bytes
        }
        try readAPNs(settings)
        moduleSettings = ModuleSettings(settings)
    }

    /// Passkeys belong to the public origin, or to `http://localhost:<port>` when there is none.
    public var passkeyOrigin: String {
        guard let publicURL, let url = URL(string: publicURL), let scheme = url.scheme, let host = url.host else { return "http://localhost:\(port)" }
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    public var database: DatabaseSettings {
        DatabaseSettings.resolve(databaseURL: databaseURL, dataDirectory: dataDirectory)
    }

    /// The database pool these settings ask for.
    public var databasePool: DatabasePool {
        let (seconds, attoseconds) = databasePoolTimeout.components
        return DatabasePool(connections: databaseConnections, timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
