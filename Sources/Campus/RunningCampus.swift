import PatioCore
import PatioPlatform
import SAESConnector

/// Campus started for one Patio: its services and its SAES client, built once, behind every hook.
struct RunningCampus: StartedModule {
    let services: CampusServices
    let client: SAESHTTPClient
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        CampusAPI.register(on: routes, services: services)
        CampusPages.register(on: routes, services: services, web: environment.web)
    }

    /// Linked SAES accounts are read again every six hours while their session lives.
    func periodicJobs() -> [PeriodicJob] {
        [
            PeriodicJob(name: "campus-saes-sync", interval: .seconds(15 * 60)) {
                _ = try await services.saesSync.syncDue(olderThan: 6 * 3600)
            }
        ]
    }

    func seedDemo() async throws {
        try await CampusDemo.seed(services, accounts: environment.identity.accounts)
    }

    func stop() async {
        await client.shutdown()
    }
}
