import FluentKit
import Foundation
import PatioCore
import PatioIdentity
import PatioPlatform

/// InterPay's backend: wallets on a double-entry ledger (payment requests, currencies, analytics and
/// subscriptions build on it).
public struct PaymentsModule: PatioModule {
    public init() {}

    public var id: String { "payments" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Pagos" : "Payments" }
    public var accentColour: String { "#1d4ed8" }
    public var roles: [String] { [PaymentsRoles.business, PaymentsRoles.customer, PaymentsRoles.admin] }
    public var migrations: [any Migration] { PaymentsMigrations.all }

    public func registerRoutes(on routes: PatioRoutes, environment: ModuleEnvironment) {
        let services = PaymentsServices(environment: environment)
        PaymentsAPI.register(on: routes, services: services)
        PaymentsPages.register(on: routes, services: services, web: environment.web)
    }

    /// `negocio@demo.patio` (artisan shop, MXN) and `cliente@demo.patio` (USD wallet with funds).
    public func seedDemo(environment: ModuleEnvironment) async throws {
        let services = PaymentsServices(environment: environment)
        if try await services.rates.all().isEmpty {
            // A dated demo table (units per euro), labelled "demo" so nobody mistakes it for live rates.
            let demo: [String: Decimal] = ["USD": 1.0530, "MXN": 21.35, "GBP": 0.8340, "CAD": 1.4750, "SGD": 1.4120, "ZAR": 19.10,
                                           "PKR": 292.40, "RUB": 105.20, "EGP": 52.10, "PEN": 3.9600, "COP": 4620.50]
            _ = try await services.rates.store(demo, asOf: "2026-11-20", source: "demo")
        }
        if try await environment.identity.accounts.find(email: "negocio@demo.patio") == nil {
            _ = try await services.profiles.signup(.init(name: "Artesanías Xochitl", email: "negocio@demo.patio", password: "demo-password", role: "business",
                                                         currency: "MXN", businessName: "Artesanías Xochitl", category: "Artesanías",
                                                         latitude: 19.4326, longitude: -99.1332, language: "es"))
        }
        if try await environment.identity.accounts.find(email: "cliente@demo.patio") == nil {
            let customer = try await services.profiles.signup(.init(name: "Daniel Carter", email: "cliente@demo.patio", password: "demo-password",
                                                                    role: "customer", currency: "USD", language: "en"))
            _ = try await services.wallets.fund(owner: customer.accountId, currency: "USD", amount: 250_000, reason: "deposit", id: nil, actor: nil)
        }
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: PaymentsStrings.all)
    }
}
