import FluentKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import PatioServer
import SQLKit
import Testing

/// A tiny module that exercises every hook of `PatioModule`.
struct GardenModule: PatioModule {
    var id: String { "garden" }
    func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Jardín" : "Garden" }
    var accentColour: String { "#3f7d20" }
    var roles: [ModuleRole] {
        [ModuleRole("garden.admin", spanish: "Jardinería", english: "Gardener"), ModuleRole("garden.visitor", spanish: "Visita", english: "Visitor")]
    }
    var migrations: [any Migration] { [CreatePlants()] }

    struct CreatePlants: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema("garden_plants").id().field("name", .string, .required).unique(on: "name").create()
        }
        func revert(on database: any Database) async throws { try await database.schema("garden_plants").delete() }
    }

    var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "garden-app", name: "Jardín")] }

    struct Row: Decodable { let name: String }

    func start(_ environment: ModuleEnvironment) -> any StartedModule { Running(environment: environment, stops: stops) }

    /// How many times the host stopped the started garden.
    let stops = Counter()

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    struct Running: StartedModule {
        let environment: ModuleEnvironment
        let stops: Counter

        func registerRoutes(on routes: PatioRoutes) {
            routes.get("/api/v1/garden/plants", .role("garden.visitor")) { _, _ in
                let rows = try await environment.database.reader.sql.select().column("name").from("garden_plants").orderBy("name").all(
                    decoding: Row.self)
                return try .json(rows.map(\.name))
            }
            routes.get("/garden", .role("garden.visitor")) { _, context in
                environment.web.page("error", title: "Garden", data: ["heading": "Garden", "status": 200], context: context)
            }
        }

        func seedDemo() async throws {
            try await environment.database.write { db in
                try await db.sql.raw(
                    """
                    INSERT INTO garden_plants (id, name) SELECT \(bind: UUID()), 'Rosa' WHERE NOT EXISTS (SELECT 1 FROM garden_plants WHERE \
                    name = 'Rosa')
                    """
                ).run()
            }
        }

        func stop() async { stops.increment() }
    }
}

@Suite("Modules plug into the platform")
struct ModuleWiringTests {
    @Test("a module's tables, roles, routes, home tile and idempotent seed are wired by the composition root")
    func wired() async throws {
        try await TestPatio.with(modules: [GardenModule()]) { patio, client in
            #expect(patio.routes.contains { $0.path == "/api/v1/garden/plants" && $0.access == .role("garden.visitor") })
            try await DemoSeed.run(patio.components)
            try await DemoSeed.run(patio.components)

            let visitor = try await patio.token(for: "visitor@demo.patio", roles: ["garden.visitor"], client: client)
            let plants = try await client.api(.get, "/api/v1/garden/plants", token: visitor)
            #expect(plants.status == .ok)
            // The module's app answers its version check from the first start.
            let version = try await client.api(.get, "/api/v1/apps/garden-app/version?current=1.0.0")
            #expect(version.status == .ok, "\(String(buffer: version.body))")
            #expect(String(buffer: plants.body) == #"["Rosa"]"#)

            let outsider = try await patio.token(for: "outsider@demo.patio", client: client)
            #expect(try await client.api(.get, "/api/v1/garden/plants", token: outsider).status == .forbidden)
            // The platform admin holds garden.admin but not garden.visitor.
            let admin = try await patio.login(DemoSeed.adminEmail, password: DemoSeed.password, client: client)
            #expect(try await client.api(.get, "/api/v1/garden/plants", token: admin).status == .forbidden)

            var browser = try await WebSession.signIn(client, email: "visitor@demo.patio", password: TestPatio.password)
            // One app: the visitor lands in it, with no list of one to tap through.
            let home = try await browser.get("/")
            #expect(home.status == .seeOther && home.headers[.location] == "/garden")
        }
    }

    @Test("PATIO_MODULES switches a module off: no tables, no routes, no roles")
    func switchedOff() async throws {
        try await TestPatio.with(modules: [GardenModule()], configure: { $0.enabledModules = [] }) { patio, client in
            #expect(!patio.routes.contains { $0.path.hasPrefix("/api/v1/garden") })
            #expect(try await client.api(.get, "/api/v1/garden/plants").status == .notFound)
            #expect(!patio.components.identity.accounts.knownRoles.contains("garden.visitor"))
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let roles = try await client.api(.get, "/api/v1/admin/roles", token: admin)
            #expect(!String(buffer: roles.body).contains("garden"))
            #expect(try await client.api(.get, "/api/v1/apps/garden-app/version?current=1.0.0").status == .notFound)
        }
    }

    @Test("a module is started once for a Patio and stopped once when Patio is done with it")
    func startedOnceStoppedOnce() async throws {
        let garden = GardenModule()
        try await TestPatio.with(modules: [garden]) { patio, client in
            #expect(patio.components.running.count == 1)
            try await DemoSeed.run(patio.components)
            let visitor = try await patio.token(for: "visitor@demo.patio", roles: ["garden.visitor"], client: client)
            #expect(try await client.api(.get, "/api/v1/garden/plants", token: visitor).status == .ok)
            #expect(garden.stops.value == 0)
        }
        #expect(garden.stops.value == 1)
    }

    @Test("a module's app is registered once: starting again leaves what its admins set")
    func appsRegisteredOnce() async throws {
        try await TestPatio.with(modules: [GardenModule()]) { patio, _ in
            _ = try await patio.components.apps.update("garden-app", .init(latestVersion: "2.0.0", minimumVersion: "1.5.0"))
            try await patio.components.apps.register(GardenModule().clientApps)
            let app = try await patio.components.apps.find("garden-app")
            #expect(app.latestVersion == "2.0.0" && app.minimumVersion == "1.5.0" && app.name == "Jardín")
        }
    }

    @Test("PATIO_MODULES is read as a comma-separated list; empty or all means every module")
    func configuration() throws {
        #expect(try PatioConfiguration.fromEnvironment(["PATIO_MODULES": "Academy, payments"]).enabledModules == ["academy", "payments"])
        #expect(try PatioConfiguration.fromEnvironment(["PATIO_MODULES": "all"]).enabledModules == nil)
        #expect(try PatioConfiguration.fromEnvironment([:]).enabledModules == nil)
        #expect(throws: ConfigurationError.self) { try PatioConfiguration.fromEnvironment(["PATIO_PORT": "99999"]) }
        #expect(throws: ConfigurationError.self) { try PatioConfiguration.fromEnvironment(["PATIO_BCRYPT_COST": "10"]) }
        let postgres = try PatioConfiguration.fromEnvironment(["DATABASE_URL": "postgres://u:secret@db:5432/patio"])
        #expect(postgres.database == .postgres(url: "postgres://u:secret@db:5432/patio"))
        #expect(!postgres.database.description.contains("secret"))
        #expect(try PatioConfiguration.fromEnvironment(["PATIO_DATA_DIR": "/srv/patio"]).database == .sqlite(path: "/srv/patio/patio.sqlite"))
    }

    @Test("a PATIO_MODULES name this Patio has no module for stops start-up, naming it and the modules there are")
    func misspeltModule() async throws {
        var configuration = try PatioConfiguration.fromEnvironment(["PATIO_MODULES": "acadmy,garden"])
        configuration.dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("patio-modules-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: configuration.dataDirectory) }
        let error = await #expect(throws: ConfigurationError.self) {
            _ = try await buildComponents(configuration, modules: [GardenModule()], logger: Logger(label: "test"))
        }
        #expect(error?.description.contains("PATIO_MODULES names acadmy") == true, "\(String(describing: error))")
        #expect(error?.description.contains("garden") == true)
        #expect(
            !FileManager.default.fileExists(atPath: configuration.dataDirectory + "/patio.sqlite"),
            "no database is created for a Patio that does not start")
        #expect(try ModuleRegistry(available: [GardenModule()], enabled: ["garden"]).modules.map(\.id) == ["garden"])
    }
}
