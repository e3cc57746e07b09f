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

    /// Warns students, once per lot, that a pack's unused classes expire within three days. Hourly is soon enough
    /// for a warning counted in days.
    func periodicJobs() -> [PeriodicJob] {
        [PeriodicJob(name: "academy.credit-expiry-notices", interval: .seconds(3600)) { try await services.expiryNotices.sendDue() }]
    }

    func seedDemo() async throws {
        try await AcademyDemo.seed(services: services, environment: environment)
    }
}
