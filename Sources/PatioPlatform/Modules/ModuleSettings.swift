import Foundation

/// Settings a module reads from `PATIO_<MODULE>_<NAME>` variables (`PATIO_<MODULE>_REQUEST_TTL_SECONDS`),
/// so a module's knobs are configured like the rest of Patio without the composition root knowing them.
public struct ModuleSettings: Sendable {
    private let values: [String: String]

    /// Every `PATIO_*` variable of `environment`; modules pick their own by prefix.
    public init(environment: [String: String]) {
        values = environment.filter { $0.key.hasPrefix("PATIO_") }
    }

    /// The raw value of `PATIO_<MODULE>_<NAME>`, or nil when unset or empty.
    public func value(module: String, _ name: String) -> String? {
        guard let value = values["PATIO_\(module.uppercased())_\(name)"], !value.isEmpty else { return nil }
        return value
    }

    /// A whole number in `range`, `defaultValue` when unset; an invalid value is an error naming the variable.
    public func integer(module: String, _ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws -> Int {
        guard let text = value(module: module, name) else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw ModuleSettingError("PATIO_\(module.uppercased())_\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `PATIO_COMPAT=<contract>,…`: the original apps' contracts this deployment serves under their own
    /// paths, lower-cased; empty when unset. The platform refuses at start-up a name no enabled module
    /// serves (``ModuleRegistry/checkCompat(_:)``), so a module only asks whether its own name is here.
    public var compatContracts: Set<String> {
        guard let text = values["PATIO_COMPAT"] else { return [] }
        return Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
    }
}

/// A module setting that cannot be used; Patio refuses to start and says which variable to fix.
public struct ModuleSettingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
