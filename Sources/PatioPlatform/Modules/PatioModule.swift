import Foundation
import FluentKit
import Logging
import PatioCore
import PatioData
import PatioIdentity
import PatioWeb

/// What a module gets from the platform when it is wired in.
public struct ModuleEnvironment: Sendable {
    public let database: PatioDatabase
    public let identity: IdentityServices
    public let apps: ClientAppService
    public let web: WebRenderer
    public let clock: PatioClock
    public let logger: Logger
    public let demoMode: Bool
    /// Keys the server signs with (QR tokens…), shared by every instance through the database.
    public let secrets: ServerSecrets
    /// `PATIO_PUBLIC_URL`, for links that leave the browser (QR codes); nil means "the Host the request came to".
    public let publicURL: String?
    /// Tells watchers (WebSocket clients) that something changed, across instances on PostgreSQL.
    public let events: EventBus
    /// `PATIO_<MODULE>_*` variables, checked by each module's `validate(settings:)` at start-up.
    public let settings: ModuleSettings
    /// Every module's offline tables and their schema times.
    public let offlineTables: OfflineTableRegistry
    /// Patio's one sync service, for a module's pages that push or pull as its apps do; it knows every
    /// running module's collections (``StartedModule/syncCollections()``) before the first request.
    public let sync: SyncService
    /// Sends notifications (inbox and pushes) of the kinds the module declares (``PatioModule/notificationKinds``).
    public let notifications: NotificationService

    public init(
        database: PatioDatabase, identity: IdentityServices, apps: ClientAppService, web: WebRenderer, clock: PatioClock, logger: Logger,
        demoMode: Bool, secrets: ServerSecrets, publicURL: String?, events: EventBus, settings: ModuleSettings,
        offlineTables: OfflineTableRegistry, sync: SyncService, notifications: NotificationService
    ) {
        self.database = database
        self.identity = identity
        self.apps = apps
        self.web = web
        self.clock = clock
        self.logger = logger
        self.demoMode = demoMode
        self.secrets = secrets
        self.publicURL = publicURL
        self.events = events
        self.settings = settings
        self.offlineTables = offlineTables
        self.sync = sync
        self.notifications = notifications
    }
}

/// A domain module: what it is (its id, names, roles, tables, pages' words, contract, apps and settings) and,
/// once ``start(_:)`` has built its services for a Patio, what it does there (``StartedModule``).
///
/// Modules never import each other; the composition root starts each enabled one once.
public protocol PatioModule: Sendable {
    /// Lower-case id used in `PATIO_MODULES` and as the web path prefix (`/<id>/…`).
    var id: String { get }
    /// The name shown on the home page, per language.
    func displayName(_ locale: PatioLocale) -> String
    /// The module's accent colour on the web (CSS colour).
    var accentColour: String { get }
    /// Roles the module defines (`module.role`), with the names people use for them.
    var roles: [ModuleRole] { get }
    var migrations: [any Migration] { get }
    /// Builds the module's services for this Patio, once: its routes, jobs, sync collections and demo seed
    /// all use what this builds (one throttle, one outbound client), and the host stops it when Patio stops.
    func start(_ environment: ModuleEnvironment) -> any StartedModule
    /// The module's page templates (a folder of `*.mustache`) and the words they use, per language.
    var webResources: ModuleWebResources? { get }
    /// Checks the module's `PATIO_<MODULE>_*` settings at start-up, so a bad value stops Patio with a clear
    /// message instead of surfacing later.
    func validate(settings: ModuleSettings) throws
    /// Operator commands under `patio <id> …`.
    func commands() -> [ModuleCommand]
    /// Tables the module's field devices keep locally, each filled from one of its sync collections
    /// (published at `/api/v1/offline-tables`).
    func offlineTables() -> [OfflineTable]
    /// The original apps' wire contracts the module can serve under their own paths (`PATIO_COMPAT`).
    var compatContracts: [CompatContract] { get }
    /// The mobile apps the module is the backend of, registered at start-up.
    var clientApps: [ModuleClientApp] { get }
    /// The module's part of the OpenAPI contract (its tags, paths and own components, as YAML), merged into
    /// the served `/openapi.json` while the module is enabled.
    var contractFragment: URL? { get }
    /// The kinds of notification the module sends (`<module id>.<name>`), for people to turn on or off.
    var notificationKinds: [NotificationKind] { get }
}

extension PatioModule {
    public var webResources: ModuleWebResources? { nil }
    public func validate(settings: ModuleSettings) throws {}
    public func commands() -> [ModuleCommand] { [] }
    public func offlineTables() -> [OfflineTable] { [] }
    public var compatContracts: [CompatContract] { [] }
    public var clientApps: [ModuleClientApp] { [] }
    public var contractFragment: URL? { nil }
    public var notificationKinds: [NotificationKind] { [] }
}

/// A module's templates folder, its strings (page keys should carry the module's prefix to avoid clashes;
/// a refused form's `field.*`, `error.*` and `problem.*` are the module's own, see FieldMessages) and the
/// folder of its scripts and other static files, served at `/static/<module id>/<file>`.
public struct ModuleWebResources: Sendable {
    public let templateDirectory: String
    public let strings: [PatioLocale: [String: String]]
    public let staticDirectory: String?

    public init(templateDirectory: String, strings: [PatioLocale: [String: String]], staticDirectory: String? = nil) {
        self.templateDirectory = templateDirectory
        self.strings = strings
        self.staticDirectory = staticDirectory
    }
}

/// The modules this build knows, filtered by `PATIO_MODULES`.
public struct ModuleRegistry: Sendable {
    public let modules: [any PatioModule]

    /// `enabled` nil means every available module. A name this build has no module for is an error naming
    /// it: a misspelt `PATIO_MODULES=acadmy` must stop start-up, not start a Patio without the module.
    public init(available: [any PatioModule], enabled: Set<String>?) throws {
        if let enabled {
            let unknown = enabled.subtracting(available.map(\.id))
            guard unknown.isEmpty else {
                throw SettingError(
                    """
                    PATIO_MODULES names \(unknown.sorted().joined(separator: ", ")), which this Patio does not have; use \"all\" or a \
                    comma-separated list of \(available.map(\.id).sorted().joined(separator: ", "))
                    """
                )
            }
        }
        modules = available.filter { enabled?.contains($0.id) ?? true }
    }

    /// Every enabled module's role ids.
    public var roles: Set<String> { Set(modules.flatMap { $0.roles.map(\.id) }) }

    /// How requests are told apart by path, with the enabled modules' compatibility prefixes.
    public var requestPath: RequestPath {
        RequestPath(compatPrefixes: modules.flatMap { $0.compatContracts.flatMap(\.pathPrefixes) })
    }

    /// `PATIO_COMPAT` may name only contracts an enabled module serves.
    public func checkCompat(_ settings: ModuleSettings) throws {
        let served = Set(modules.flatMap { $0.compatContracts.map(\.name) })
        let unknown = settings.compatContracts.subtracting(served)
        guard unknown.isEmpty else {
            let choice = served.isEmpty ? "no enabled module serves one" : "use a comma-separated list of \(served.sorted().joined(separator: ", "))"
            throw SettingError("PATIO_COMPAT names \(unknown.sorted().joined(separator: ", ")), which Patio does not serve; \(choice)")
        }
    }

    /// What people call the platform's role and every enabled module's, for the pages.
    public var roleNames: RoleNames {
        modules.reduce(RoleNames.platform) { names, module in
            names.adding(module.roles.map { role in (id: role.id, name: { role.name($0) }) }, app: module.displayName)
        }
    }
}
