import FluentKit
import Foundation
import PatioCore
import PatioPlatform
import SAESConnector

/// The SAES app's backend done properly: the school's own record (schools, plans, periods, groups,
/// enrolments), grades with capture windows and history, the kardex, schedules with a PDF receipt and a
/// calendar feed, personal data, school news and scholarships, course availability and a digital credential.
public struct CampusModule: PatioModule {
    public init() {}

    public var id: String { "campus" }
    public func displayName(_ locale: PatioLocale) -> String { locale == .es ? "Escuela" : "Campus" }
    public var accentColour: String { "#7f1d3f" }
    public var roles: [ModuleRole] { CampusRoles.all }
    public var migrations: [any Migration] { CampusMigrations.all }
    /// The app people install: its version check and remote config are served from the first start.
    public var clientApps: [ModuleClientApp] { [ModuleClientApp(slug: "saes", name: "SAES")] }
    /// Campus's part of the contract (API/openapi.yaml).
    public var contractFragment: URL? { Bundle.module.bundleURL.appendingPathComponent("openapi.yaml") }

    /// One SAES client and one SAES throttle for everything this Patio does: the routes, the scheduled sync
    /// and the demo all count against the same limits, and the client is shut down when Patio stops.
    public var notificationKinds: [NotificationKind] { CampusNotifications.all }

    public func start(_ environment: ModuleEnvironment) -> any StartedModule {
        let client = SAESHTTPClient.make()
        return RunningCampus(services: CampusServices(environment: environment, client: client), client: client, environment: environment)
    }

    public var webResources: ModuleWebResources? {
        ModuleWebResources(
            templateDirectory: Bundle.module.bundlePath + "/Resources/templates", strings: CampusStrings.all,
            staticDirectory: Bundle.module.bundlePath + "/Resources/static")
    }

    /// `PATIO_CAMPUS_SAES_PORTAL` must be an http(s) address with `{school}` in it.
    public func validate(settings: ModuleSettings) throws {
        if let portal = settings.value(module: "campus", "SAES_PORTAL"),
            !(portal.hasPrefix("http://") || portal.hasPrefix("https://")) || !portal.contains("{school}")
        {
            throw SettingError("PATIO_CAMPUS_SAES_PORTAL must be an http(s) address containing {school}, like http://127.0.0.1:8091/{school}/")
        }
        // Seconds one request to SAES may take: refused at start-up rather than quietly read as the default.
        _ = try CampusServices.saesTimeout(settings)
    }
}
