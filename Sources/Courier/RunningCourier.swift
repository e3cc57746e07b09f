import PatioCore
import PatioPlatform

/// Courier started for one Patio: its services, built once, behind every hook.
struct RunningCourier: StartedModule {
    let services: CourierServices
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        // Every route goes through CourierRoutes: a paused agent is refused before any handler runs.
        let courier = CourierRoutes(routes: routes, agents: services.agents)
        CourierAPI.register(on: courier, services: services)
        CourierPages.register(
            on: courier, services: services, web: environment.web, offlineTables: environment.offlineTables, sync: environment.sync)
        if ControllerAppRoutes.isEnabled(environment.settings) {
            ControllerAppRoutes.register(
                on: courier, services: services, settings: environment.identity.settings, offlineTables: environment.offlineTables)
        }
    }

    func syncCollections() -> [SyncCollection] {
        CourierSync.collections(services)
    }

    func seedDemo() async throws {
        try await CourierDemo.seed(services)
        if ControllerAppRoutes.isEnabled(environment.settings) {
            try await ControllerAppVersion.publishReadableVersion(services.apps)
        }
    }
}
