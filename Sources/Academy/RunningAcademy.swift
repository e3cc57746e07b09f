import PatioCore
import PatioPlatform

/// The academy started for one Patio: its services, built once, behind every hook.
struct RunningAcademy: StartedModule {
    let services: AcademyServices
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        AcademyAPI.register(on: routes, services: services)
        AcademyPages.register(on: routes, services: services, web: environment.web)
    }

    func seedDemo() async throws {
        try await AcademyDemo.seed(services: services, environment: environment)
    }
}
