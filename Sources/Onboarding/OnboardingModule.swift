import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// JAppical's backend: new hires, to-do tasks that sync offline (`onboarding.tasks`), welcome messages and
/// HR's progress view.
public struct OnboardingModule: PatioModule {
    public init() {}

    public var id: String { "onboarding" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Bienvenida" : "Onboarding" }
    public var accentColour: String { "#7c3aed" }
    public var roles: [ModuleRole] { OnboardingRoles.all }
    public var migrations: [any Migration] { OnboardingMigrations.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "jappical", name: "JAppical")] }
    /// Onboarding's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }

    public func registerRoutes(on routes: PatioRoutes, environment: ModuleEnvironment) {
        let services = OnboardingServices(environment: environment)
        OnboardingAPI.register(on: routes, services: services)
        OnboardingPages.register(on: routes, services: services, web: environment.web)
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: OnboardingStrings.all,
                           staticDirectory: Bundle.module.bundlePath + "/Resources/static")
    }

    public func syncCollections(environment: ModuleEnvironment) -> [SyncCollection] {
        [TaskSync.collection(clock: environment.clock)]
    }

    /// `rrhh@demo.patio` (HR) and `nuevo@demo.patio` (an employee with tasks due today, tomorrow and later),
    /// and new hires across this and other months.
    public func seedDemo(environment: ModuleEnvironment) async throws {
        try await OnboardingDemo.seed(OnboardingServices(environment: environment), environment: environment)
    }
}
