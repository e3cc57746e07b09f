import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// JAppical's backend: new hires, to-do tasks that sync offline (`onboarding.tasks`), welcome messages and
/// HR's progress view.
public struct OnboardingModule: PatioModule {
    public init() {}

    public var id: String { "onboarding" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Bienvenida" : "Onboarding" }
    public var accentColour: String { "#7c3aed" }
    public var roles: [ModuleRole] { OnboardingRoles.all }
    public var migrations: [any Migration] { OnboardingMigrations.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "jappical", name: "JAppical")] }
    /// Onboarding's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }

    public var notificationKinds: [NotificationKind] { OnboardingNotifications.all }

    public func start(_ environment: ModuleEnvironment) -> any StartedModule {
        RunningOnboarding(services: OnboardingServices(environment: environment), environment: environment)
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(
            templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: OnboardingStrings.all,
            staticDirectory: Bundle.module.bundlePath + "/Resources/static")
    }
}
