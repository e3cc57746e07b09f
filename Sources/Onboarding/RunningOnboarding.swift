import PatioCore
import PatioPlatform

/// Onboarding started for one Patio: its services, built once, behind every hook.
struct RunningOnboarding: StartedModule {
    let services: OnboardingServices
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        OnboardingAPI.register(on: routes, services: services)
        OnboardingPages.register(on: routes, services: services, web: environment.web, sync: environment.sync)
    }

    func syncCollections() -> [SyncCollection] {
        [TaskSync.collection(clock: environment.clock)]
    }

    /// `rrhh@demo.patio` (HR) and `nuevo@demo.patio` (an employee with tasks due today, tomorrow and later),
    /// and new hires across this and other months.
    func seedDemo() async throws {
        try await OnboardingDemo.seed(services, environment: environment)
    }
}
