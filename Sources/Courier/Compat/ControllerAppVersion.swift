import PatioCore
import PatioPlatform

/// The version answer of the original contract: a bare JSON string holding a whole number, which every
/// Controller APP reads with `Int(...)` / `toInt()` and compares with its own `100`.
///
/// Patio keeps the registry's semantic version (`controller-app`'s latest) and answers its major part when
/// the rest are zeros: `100.0.0` → `"100"`, `1.0.0` → `"1"`. A version the apps cannot read — `1.2.0` would
/// be `"1.2"`, which one app shows as "v0" and the Kotlin one throws on — is refused (500
/// `app_version_not_whole`, naming the fix) instead of being sent: an error the apps already show is better
/// than a number they misread. (A part has at most nine digits, so the number always fits Kotlin's `Int`.)
enum ControllerAppVersion {
    /// The version the demo publishes when the contract is on: the original server's `100`.
    static let original = "100.0.0"

    /// The whole number the apps read, or nil when `version` is not one.
    static func wholeNumber(_ version: AppVersion) -> Int? {
        guard let major = version.parts.first, version.parts.dropFirst().allSatisfy({ $0 == 0 }) else { return nil }
        return major
    }

    /// The answer's string, or the refusal described above.
    static func wire(_ version: AppVersion) throws -> String {
        guard let number = wholeNumber(version) else {
            throw AppError(
                .internalServerError, code: "app_version_not_whole",
                detail:
                    """
                    The Controller APPs read their version as a whole number, and \(version) is not one: publish controller-app's latest \
                    version as a whole number such as \(original).
                    """
            )
        }
        return String(number)
    }

    /// With the contract on, the demo publishes the original's `100` unless the registry already holds a
    /// version the apps read (one an administrator chose is kept).
    static func publishReadableVersion(_ apps: ClientAppService) async throws {
        let latest = try await apps.latestVersion(app: CourierServices.appSlug)
        guard wholeNumber(latest) == nil else { return }
        _ = try await apps.update(CourierServices.appSlug, .init(latestVersion: original))
    }
}
