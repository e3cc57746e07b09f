import Foundation

/// Settings a module reads from `PATIO_<MODULE>_<NAME>` variables (`PATIO_<MODULE>_REQUEST_TTL_SECONDS`),
/// so a module's knobs are configured like the rest of Patio without the composition root knowing them.
public struct ModuleSettings: Sendable {
    private let settings: SettingsReader

    /// A module's settings among everything `settings` holds.
    public init(_ settings: SettingsReader) {
        self.settings = settings
    }

    /// Settings from these variables; modules pick their own by prefix.
    public init(environment: [String: String]) {
        self.init(SettingsReader(environment: environment))
    }

    private func key(module: String, _ name: String) -> String {
        SettingsReader.key("PATIO_\(module)_\(name)")
    }

    /// The raw value of `PATIO_<MODULE>_<NAME>`, or nil when unset or empty.
    public func value(module: String, _ name: String) -> String? {
        settings.text(key(module: module, name))
    }

    /// A whole number in `range`, `defaultValue` when unset; an invalid value is an error naming the variable.
    public func integer(module: String, _ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        try settings.integer(key(module: module, name), in: range, meaning: "a whole number") ?? defaultValue
    }

    /// `PATIO_COMPAT=<contract>,…`: the original apps' contracts this deployment serves under their own
    /// paths, lower-cased; empty when unset. The platform refuses at start-up a name no enabled module
    /// serves (``ModuleRegistry/checkCompat(_:)``), so a module only asks whether its own name is here.
    public var compatContracts: Set<String> {
        Set(settings.list("patio.compat") ?? [])
    }
}
