import PatioCore

/// The version answer of the original contract: a bare JSON string that the apps compare numerically with
/// their own version, a bare number `N` standing for `N.0.0`.
///
/// Patio keeps the registry's semantic version (`controller-app`'s latest) and drops its trailing zero parts:
/// `100.0.0` → `"100"`, `1.0.0` → `"1"`, `2.5.0` → `"2.5"`, `2.5.1` → `"2.5.1"`. The string reads back as
/// the same version under the registry's own comparison (missing parts are zeros), so nothing is lost, and a
/// registry that publishes whole versions (`100.0.0`) gives the apps the plain number they were built for.
enum ControllerAppVersion {
    static func wire(_ version: AppVersion) -> String {
        var parts = version.parts
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        return parts.map(String.init).joined(separator: ".")
    }
}
