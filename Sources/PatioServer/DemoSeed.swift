import Foundation
import PatioCore
import PatioIdentity
import PatioPlatform

/// The demo every fresh Patio can load (`patio seed --demo`, `patio serve --demo`). Idempotent: what
/// already exists is left as it is.
public enum DemoSeed {
    public static let password = "demo-password"
    public static let adminEmail = "admin@demo.patio"

    /// Loads platform demo data and each enabled module's; returns how many accounts were created.
    @discardableResult
    public static func run(_ components: PatioComponents, progress: (String) -> Void = { _ in }) async throws -> Int {
        var created = 0
        progress("platform: admin account")
        if try await components.identity.accounts.find(email: adminEmail) == nil {
            _ = try await components.identity.accounts.create(
                NewAccount(email: adminEmail, name: "Administración Patio", locale: "es", password: password, roles: [Role.platformAdmin]))
            created += 1
        }
        progress("platform: client app settings")
        for slug in components.modules.modules.flatMap(\.clientApps).map(\.slug).sorted() {
            let app = try await components.apps.find(slug)
            if app.storeUrl == nil {
                _ = try await components.apps.update(
                    slug, .init(latestVersion: "1.2.0", minimumVersion: "1.0.0", storeUrl: "https://apps.example.org/\(slug)"))
            }
            if app.entries?.isEmpty ?? true {
                _ = try await components.apps.setEntry(app: slug, key: "support_email", .init(kind: .string, value: .string("soporte@demo.patio")))
                _ = try await components.apps.setEntry(app: slug, key: "new_home", .init(kind: .flag, value: .bool(true)))
            }
        }
        for module in components.modules.modules {
            progress("\(module.id): demo data")
            try await components.started[module.id]?.seedDemo()
        }
        return created
    }
}
