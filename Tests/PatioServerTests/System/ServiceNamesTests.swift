import Hummingbird
import PatioModules
import PatioServer
import Testing

@Suite("The services Patio runs beside its HTTP server")
struct ServiceNamesTests {
    /// ServiceLifecycle names each service by interpolating it, when the service group starts and in its logs.
    @Test("each is named by what it is, not described field by field: ServiceLifecycle interpolates it every time Patio starts")
    func namedBriefly() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.runsPeriodicJobs = true }) { patio, _ in
            let names = patio.application.services.map { "\($0)" }
            #expect(names.contains("ModuleLifecycle") && names.contains("DatabaseLifecycle"))
            #expect(names.contains("NotificationDeliveryService"))
            #expect(names.contains { $0.hasPrefix("PeriodicJobService(") })
            for name in names { #expect(name.count < 80, "\(name.prefix(200))…") }
        }
    }
}
