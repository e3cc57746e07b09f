import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// Classly's backend: sedes, classes by level, packs of classes, signed QR check-in and attendance history.
public struct AcademyModule: PatioModule {
    public init() {}

    public var id: String { "academy" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Academia de baile" : "Dance academy" }
    public var accentColour: String { "#b4235a" }
    public var roles: [ModuleRole] { AcademyRoles.all }
    public var migrations: [any Migration] { AcademyMigrations.all }
    public var notificationKinds: [NotificationKind] { AcademyNotifications.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "classly", name: "Classly")] }
    /// Academy's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }

    public func start(_ environment: ModuleEnvironment) -> any StartedModule {
        RunningAcademy(services: AcademyServices(environment: environment), environment: environment)
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: AcademyStrings.all)
    }
}
