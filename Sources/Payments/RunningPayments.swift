import PatioCore
import PatioPlatform

/// Payments started for one Patio: its services, built once, behind every hook.
struct RunningPayments: StartedModule {
    let services: PaymentsServices
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        PaymentsAPI.register(on: routes, services: services)
        PaymentsPages.register(on: routes, services: services, web: environment.web)
    }

    /// `negocio@demo.patio` (artisan shop in MXN with months of sales) and `cliente@demo.patio` (USD wallet with funds).
    func seedDemo() async throws {
        try await PaymentsDemo.seed(services, environment: environment)
    }

    /// Renews subscriptions whose period has ended, every minute; expires due payment requests every 5 s.
    func periodicJobs() -> [PeriodicJob] {
        [
            PeriodicJob(name: "payments.subscription-renewal", interval: .seconds(60)) { _ = try await services.subscriptions.renewDue() },
            // Screens watching a request hear that it expired within a few seconds of its deadline.
            PeriodicJob(name: "payments.request-expiry", interval: .seconds(5)) { try await services.requests.expireDue() },
        ]
    }
}
