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
    public var roles: [ModuleRole] { PaymentsRoles.all }
    public var migrations: [any Migration] { PaymentsMigrations.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "interpay", name: "InterPay")] }
    /// Payments's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }
    /// How requests end (to the business) and plans that could not be renewed (to the subscriber).
    public var notificationKinds: [NotificationKind] { PaymentsNotifications.all }

    public func start(_ environment: ModuleEnvironment) -> any StartedModule {
        RunningPayments(services: PaymentsServices(environment: environment), environment: environment)
    }

    public func validate(settings: ModuleSettings) throws {
        _ = try PaymentsSettings.from(settings)
    }

    /// `patio payments audit` (exit status 1 when money was created or lost) and `patio payments rates import FILE`.
    public func commands() -> [ModuleCommand] {
        [
            ModuleCommand(path: ["audit"], abstract: "Prove that every transfer balances and no money was created or lost (exit 1 if not).") {
                invocation in
                let (ok, report) = try await PaymentsOperations.audit(database: invocation.environment.database)
                invocation.print(report)
                return ok ? 0 : 1
            },
            ModuleCommand(
                path: ["rates", "import"], arguments: ["FILE"],
                abstract: "Import rates from the ECB daily reference XML or a JSON file {base:EUR, date, rates}."
            ) { invocation in
                let environment = invocation.environment
                for line in try await PaymentsOperations.importRates(
                    file: invocation.arguments[0], database: environment.database, clock: environment.clock)
                {
                    invocation.print(line)
                }
                return 0
            },
        ]
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(
            templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: PaymentsStrings.all,
            staticDirectory: Bundle.module.bundlePath + "/Resources/static")
    }
}
