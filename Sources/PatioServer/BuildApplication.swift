import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import PatioWeb
import ServiceLifecycle
import Synchronization

/// What a running Patio is made of, for the CLI and for tests that arrange data directly.
public struct PatioComponents: Sendable {
    public let configuration: PatioConfiguration
    public let database: PatioDatabase
    public let identity: IdentityServices
    public let apps: ClientAppService
    public let modules: ModuleRegistry
    public let environment: ModuleEnvironment
    /// Each enabled module started once for this Patio, by id.
    public let started: [String: any StartedModule]
    /// Sends queued pushes; runs as a service while Patio serves, or a round at a time in tests.
    public let notificationDelivery: NotificationDelivery
    /// Wakes the delivery worker when a push is queued.
    public let deliveryWake: DeliveryWake

    /// The enabled modules' started values, in the registry's order.
    public var running: [any StartedModule] { modules.modules.compactMap { started[$0.id] } }

    private let stopping = StopOnce()

    /// Stops every started module (its outbound clients), once however many times it is asked: when the
    /// server shuts down, and again when a command or a test is done with Patio.
    public func stopModules() async {
        guard stopping.first() else { return }
        for module in running { await module.stop() }
        await notificationDelivery.apns?.shutdown()
    }

    /// Stops the modules, then closes the database: what a command or a test does when it is done with Patio.
    public func close() async {
        await stopModules()
        await database.close()
    }
}

/// True the first time it is asked, false after.
private final class StopOnce: Sendable {
    private let asked = Mutex(false)

    func first() -> Bool {
        asked.withLock { asked in
            defer { asked = true }
            return !asked
        }
    }
}

public typealias PatioApplication = Application<RouterResponder<PatioRequestContext>>

/// Closes the database after the HTTP server has finished its in-flight requests.
struct DatabaseLifecycle: NamedService {
    let database: PatioDatabase

    func run() async throws {
        try? await gracefulShutdown()
        await database.close()
    }
}

/// Stops the started modules (their outbound clients) when Patio stops, before the database closes.
struct ModuleLifecycle: NamedService {
    let components: PatioComponents

    func run() async throws {
        try? await gracefulShutdown()
        await components.stopModules()
    }
}

/// Runs a module's periodic job until graceful shutdown; a failed run is logged and retried next time.
struct PeriodicJobService: NamedService {
    let job: PeriodicJob
    let logger: Logger

    var description: String { "PeriodicJobService(\(job.name))" }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await job.run()
            } catch {
                logger.error("periodic job failed", metadata: ["job": "\(job.name)", "error": "\(error)"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: job.interval) }
        }
    }
}

/// Sends queued pushes until graceful shutdown: a round whenever one is queued here, and every few seconds
/// for those queued by other instances or due again after a failure.
struct NotificationDeliveryService: NamedService {
    let delivery: NotificationDelivery
    let wake: DeliveryWake
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    if try await delivery.deliverDue() > 0 { continue }
                } catch {
                    logger.error("push delivery round failed", metadata: ["error": "\(error)"])
                }
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try? await Task.sleep(for: .seconds(5))
                        wake.signal()
                    }
                    await wake.wait()
                    group.cancelAll()
                }
            }
        }
    }
}

/// Relays change signals from other Patio instances (PostgreSQL LISTEN) until graceful shutdown.
struct EventRelayService: NamedService {
    let relay: @Sendable () async -> Void

    func run() async throws {
        await cancelWhenGracefulShutdown { await relay() }
    }
}

/// Opens the database, runs migrations and wires services (no HTTP). Used by every CLI command.
public func buildComponents(
    _ configuration: PatioConfiguration,
    clock: PatioClock = .system,
    hasher: PasswordHasher? = nil,
    modules: [any PatioModule],
    logger: Logger
) async throws -> PatioComponents {
    // Metrics must be bootstrapped before the database creates its gauges.
    _ = PatioMetrics.shared
    let registry: ModuleRegistry
    do {
        registry = try ModuleRegistry(available: modules, enabled: configuration.enabledModules)
        try registry.checkCompat(configuration.moduleSettings)
        for module in registry.modules { try module.validate(settings: configuration.moduleSettings) }
    } catch let error as SettingError {
        throw ConfigurationError(error.description)
    }
    let database = try await PatioDatabase.open(configuration.database, logger: logger, pool: configuration.databasePool)
    let apps = ClientAppService(database: database, clock: clock)
    do {
        var migrations = MigrationRegistry()
        migrations.add(IdentityMigrations.all)
        migrations.add(PlatformMigrations.all)
        for module in registry.modules { migrations.add(module.migrations) }
        try await database.migrate(migrations)
        try await apps.register(registry.modules.flatMap(\.clientApps))
    } catch {
        await database.close()
        throw error
    }
    var identitySettings = configuration.identity
    // Flags may set the port after the environment was read: the origin is settled here, once.
    identitySettings.passkeyOrigin = configuration.passkeyOrigin
    let sealing = SealingKeySource.resolve(secretKey: configuration.secretKey, database: configuration.database)
    if sealing == .missing { logger.warning("\(SealingKeySource.missingMessage)") }
    let secrets = ServerSecrets(database: database, sealing: sealing)
    let events = EventBus.live(database: database, logger: logger)
    let sessionCache =
        configuration.sessionCacheSeconds == 0 ? SessionCache.disabled : SessionCache(maxAge: TimeInterval(configuration.sessionCacheSeconds))
    SessionCacheRelay.connect(sessionCache, to: events)
    let identity = IdentityServices(
        database: database, hasher: hasher ?? .bcrypt(cost: configuration.bcryptCost), clock: clock,
        settings: identitySettings, knownRoles: registry.roles, passkeyKey: { try await secrets.key(named: "passkey-challenges") },
        sessionCache: sessionCache
    )
    let syncCollections = SyncCollections()
    let environment: ModuleEnvironment
    let deliveryWake = DeliveryWake()
    let notifications: NotificationService
    do {
        let kinds: NotificationKinds
        do {
            kinds = try NotificationKinds(registry.modules.map { (module: $0.id, kinds: $0.notificationKinds) })
        } catch let error as SettingError {
            throw ConfigurationError(error.description)
        }
        notifications = NotificationService(
            database: database, clock: clock, kinds: kinds, events: events, channels: configuration.apns == nil ? [.webPush] : [.webPush, .apns],
            deliveriesWaiting: deliveryWake.signal)
        var web = try await WebRenderer.load()
        for resources in registry.modules.compactMap(\.webResources) {
            web = try await web.adding(directory: resources.templateDirectory, strings: resources.strings)
        }
        environment = ModuleEnvironment(
            database: database, identity: identity, apps: apps, web: web.naming(roles: registry.roleNames), clock: clock, logger: logger,
            demoMode: configuration.demoMode, secrets: secrets, publicURL: configuration.publicURL,
            events: events, settings: configuration.moduleSettings,
            offlineTables: OfflineTableRegistry(database: database, clock: clock, tables: registry.modules.flatMap { $0.offlineTables() }),
            sync: SyncService(database: database, collections: syncCollections), notifications: notifications
        )
        try await environment.offlineTables.synchronize()
    } catch {
        // Nothing started yet holds the database: close it, so a Patio that cannot start leaves nothing open.
        await database.close()
        if let error = error as? OfflineTableRegistry.DefinitionError { throw ConfigurationError(error.description) }
        throw error
    }
    let started = Dictionary(uniqueKeysWithValues: registry.modules.map { ($0.id, $0.start(environment)) })
    syncCollections.add(registry.modules.compactMap { started[$0.id] }.flatMap { $0.syncCollections() })
    let contact = configuration.webPushContact
    let delivery = NotificationDelivery(
        database: database, clock: clock, service: notifications, transport: .live(),
        vapid: { VAPID(secret: try await secrets.key(named: "web-push-vapid"), subject: contact) },
        apns: try startAPNs(configuration.apns, logger: logger), logger: logger)
    return PatioComponents(
        configuration: configuration, database: database, identity: identity, apps: apps, modules: registry, environment: environment,
        started: started, notificationDelivery: delivery, deliveryWake: deliveryWake)
}

/// Apple's push service when it is configured; a start-up line says which way this Patio reaches phones.
private func startAPNs(_ settings: APNsSettings?, logger: Logger) throws -> APNs? {
    guard let settings else {
        logger.notice("APNs is not configured (PATIO_APNS_*): notifications reach browsers by Web Push and every app's inbox, not iPhones")
        return nil
    }
    logger.notice("APNs: pushing to \(settings.host) for \(settings.credentials.topic) with key \(settings.credentials.keyID)")
    return try APNs.live(settings)
}

/// The composition root: configuration → database → services → modules → router → application.
public func buildApplication(_ components: PatioComponents, logger: Logger) throws -> (application: PatioApplication, routes: [RouteDescriptor]) {
    let configuration = components.configuration
    let web = components.environment.web
    let router = Router(context: PatioRequestContext.self)
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: SecurityHeadersMiddleware())
    let paths = components.modules.requestPath
    router.add(middleware: ErrorRenderingMiddleware(web: web, paths: paths))
    // Before authentication: a refused request costs no session lookup.
    router.add(middleware: AdmissionMiddleware(gate: AdmissionGate(limits: configuration.admissionLimits)))
    router.add(middleware: AuthenticationMiddleware(sessions: components.identity.sessions, paths: paths))
    router.add(middleware: WebSessionMiddleware(secureCookies: configuration.identity.secureCookies, paths: paths))
    router.add(middleware: FlashMiddleware(secureCookies: configuration.identity.secureCookies, paths: paths))

    let routes = PatioRoutes(router: router)
    SystemRoutes.register(
        on: routes, database: components.database, metrics: PatioMetrics.shared, metricsAccess: MonitoringAccess(token: configuration.metricsToken),
        contract: try APIContract.shared(fragments: components.modules.modules.compactMap(\.contractFragment)))
    var assets = try StaticAssets.load()
    for module in components.modules.modules {
        if let directory = module.webResources?.staticDirectory { assets = try assets.adding(module: module.id, directory: directory) }
    }
    assets.register(on: routes)
    IdentityAPI.register(on: routes, services: components.identity)
    IdentityPages.register(on: routes, services: components.identity, web: web)
    ClientAppAPI.register(on: routes, service: components.apps)
    PlatformPages.register(on: routes, registry: components.modules, apps: components.apps, web: web)
    NotificationPages.register(
        on: routes, service: components.environment.notifications, registry: components.modules, web: web,
        directory: components.identity.directory, hosts: configuration.webPushHosts,
        webPushKey: { try await components.notificationDelivery.vapid()?.publicKey })
    for module in components.running {
        module.registerRoutes(on: routes)
    }
    SyncAPI.register(on: routes, service: components.environment.sync)
    NotificationsAPI.register(
        on: routes, service: components.environment.notifications, hosts: configuration.webPushHosts,
        webPushKey: { try await components.notificationDelivery.vapid()?.publicKey })
    OfflineTablesAPI.register(on: routes, registry: components.environment.offlineTables, sync: components.environment.sync)

    let jobs = configuration.runsPeriodicJobs ? components.running.flatMap { $0.periodicJobs() } : []
    // Stopped in reverse order: the modules' jobs and clients first, the database last.
    var services: [any Service] = [DatabaseLifecycle(database: components.database), ModuleLifecycle(components: components)]
    services += jobs.map { PeriodicJobService(job: $0, logger: logger) }
    if configuration.runsPeriodicJobs {
        services.append(NotificationDeliveryService(delivery: components.notificationDelivery, wake: components.deliveryWake, logger: logger))
    }
    if let relay = components.environment.events.relay {
        services.append(EventRelayService(relay: relay))
        services.append(SessionCacheRelay.Listener(cache: components.identity.sessions.cache, events: components.environment.events))
    }
    let application = Application(
        router: router,
        server: .patioHTTP1(webSocketRouter: router, readTimeout: .seconds(Int64(configuration.connectionReadTimeout))),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Patio"),
        services: services,
        logger: logger
    )
    return (application, routes.table)
}
