import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// The backend of Interrapidísimo's Controller APP: field agents, the pickup network (localities), pickups
/// with photo proof and a live dispatch board, offline tables for the agents' devices, and — opt-in with
/// `PATIO_COMPAT=controller-app` — the original app's wire contract.
public struct CourierModule: PatioModule {
    public init() {}

    public var id: String { "courier" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Mensajería" : "Courier" }
    public var accentColour: String { "#c2410c" }
    public var roles: [ModuleRole] { CourierRoles.all }
    public var migrations: [any Migration] { CourierMigrations.all }
    public var notificationKinds: [NotificationKind] { CourierNotifications.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: CourierServices.appSlug, name: "Controller APP")] }
    /// Courier's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }

    public func start(_ environment: ModuleEnvironment) -> any StartedModule {
        RunningCourier(services: CourierServices(environment: environment), environment: environment)
    }

    /// The Controller APP's calls, under its own paths (docs/compat-controller-app.md).
    public var compatContracts: [CompatContract] { [ControllerAppRoutes.compatContract] }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(
            templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: CourierStrings.all,
            staticDirectory: Bundle.module.bundlePath + "/Resources/static")
    }

    /// `patio courier localities import FILE` (refused whole, with each line's problem, when any line is wrong)
    /// and `patio courier localities export FILE`.
    public func commands() -> [ModuleCommand] {
        [
            ModuleCommand(
                path: ["localities", "import"], arguments: ["FILE"],
                abstract: "Import the pickup network from a CSV file (columns as in the export); a file with errors changes nothing."
            ) { invocation in
                let services = CourierServices(environment: invocation.environment)
                let text = try String(contentsOfFile: invocation.arguments[0], encoding: .utf8)
                do {
                    let summary = try await services.localities.importCSV(text)
                    invocation.print("Imported: \(summary.created) new, \(summary.updated) updated, \(summary.unchanged) unchanged.")
                    return 0
                } catch let error as AppError {
                    invocation.print(error.detail)
                    for field in error.fieldErrors { invocation.print("  " + field.message) }
                    return 1
                }
            },
            ModuleCommand(path: ["localities", "export"], arguments: ["FILE"], abstract: "Write the whole pickup network to a CSV file.") {
                invocation in
                let records = try await CourierServices(environment: invocation.environment).localities.all()
                try LocalityCSV.render(records).write(toFile: invocation.arguments[0], atomically: true, encoding: .utf8)
                invocation.print("Exported \(records.count) localities.")
                return 0
            },
        ]
    }

    public func offlineTables() -> [OfflineTable] { CourierOfflineTables.all }
}
