import Foundation
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
    public var publicURL: String?
    public var identity = IdentitySettings()
    public var bcryptCost: UInt8 = 12
    /// Whether modules' periodic jobs run while serving; tests that move the clock themselves switch them off
    /// so a job cannot act between two steps of the test.
    public var runsPeriodicJobs = true
    /// Seconds a connection may stay silent (no byte from the client) before Patio closes it, whatever
    /// state its request is in: `PATIO_CONNECTION_READ_TIMEOUT`, 1 to 3600.
    public var connectionReadTimeout = 60
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
    /// `PATIO_<MODULE>_*` variables, for the modules to read and check.
    public var moduleSettings = ModuleSettings(environment: [:])

    public enum LogFormat: String, Sendable { case text, json }

    public init() {}

    /// Defaults overridden by `PATIO_*` and `DATABASE_URL` variables.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PatioConfiguration {
        var configuration = PatioConfiguration()
        if let host = environment["PATIO_HOST"] { configuration.host = host }
        if let port = environment["PATIO_PORT"] {
            guard let value = Int(port), (0...65535).contains(value) else { throw ConfigurationError("PATIO_PORT must be a port number") }
            configuration.port = value
        }
        if let directory = environment["PATIO_DATA_DIR"] { configuration.dataDirectory = directory }
        if let url = environment["DATABASE_URL"], !url.isEmpty { configuration.databaseURL = url }
        if let modules = environment["PATIO_MODULES"], !modules.isEmpty, modules != "all" {
            configuration.enabledModules = Set(modules.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        }
        if let format = environment["PATIO_LOG_FORMAT"] {
            guard let value = LogFormat(rawValue: format) else { throw ConfigurationError("PATIO_LOG_FORMAT must be text or json") }
            configuration.logFormat = value
        }
        if let url = environment["PATIO_PUBLIC_URL"], !url.isEmpty {
            configuration.publicURL = url
            configuration.identity.secureCookies = url.hasPrefix("https://")
        }
        if let days = environment["PATIO_SESSION_DAYS"] {
            guard let value = Double(days), value > 0, value <= 365 else { throw ConfigurationError("PATIO_SESSION_DAYS must be 1 to 365") }
            configuration.identity.sessionLifetime = value * 24 * 3600
        }
        if let verification = environment["PATIO_PASSKEY_USER_VERIFICATION"] {
            guard ["required", "preferred"].contains(verification) else { throw ConfigurationError("PATIO_PASSKEY_USER_VERIFICATION must be required or preferred") }
            configuration.identity.passkeyRequiresUserVerification = verification == "required"
        }
        if let trust = environment["PATIO_TRUST_PROXY"]?.lowercased(), !trust.isEmpty {
            // A count of proxies; the older yes/no spelling means one proxy or none.
            switch trust {
            case "true", "yes": configuration.identity.trustedProxyHops = 1
            case "false", "no": configuration.identity.trustedProxyHops = 0
            default:
                guard let hops = Int(trust), (0...10).contains(hops) else { throw ConfigurationError("PATIO_TRUST_PROXY must be the number of proxies in front of Patio, 0 to 10") }
                configuration.identity.trustedProxyHops = hops
            }
        }
        if let cost = environment["PATIO_BCRYPT_COST"] {
            guard let value = UInt8(cost), (12...16).contains(value) else { throw ConfigurationError("PATIO_BCRYPT_COST must be 12 to 16") }
            configuration.bcryptCost = value
        }
        if let timeout = environment["PATIO_CONNECTION_READ_TIMEOUT"] {
            guard let value = Int(timeout), (1...3600).contains(value) else { throw ConfigurationError("PATIO_CONNECTION_READ_TIMEOUT must be 1 to 3600 seconds") }
            configuration.connectionReadTimeout = value
        }
        if let token = environment["PATIO_METRICS_TOKEN"], !token.isEmpty {
            guard token.count >= 16 else { throw ConfigurationError("PATIO_METRICS_TOKEN must be at least 16 characters") }
            configuration.metricsToken = token
        }
        try configuration.readLoadLimits(environment)
        if let key = environment["PATIO_SECRET_KEY"], !key.isEmpty {
            guard let bytes = SealingKeySource.decode(base64: key) else { throw ConfigurationError("PATIO_SECRET_KEY must be 32 bytes in base64, like the output of openssl rand -base64 32") }
            configuration.secretKey = bytes
        }
        configuration.moduleSettings = ModuleSettings(environment: environment)
        return configuration
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
