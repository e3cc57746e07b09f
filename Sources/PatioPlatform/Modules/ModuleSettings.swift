import Foundation

/// Settings a module reads from `PATIO_<MODULE>_<NAME>` variables (`PATIO_PAYMENTS_REQUEST_TTL_SECONDS`),
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

    /// The original apps' wire contracts Patio can serve; the module that implements another one adds its name.
    public static let knownCompatContracts: Set<String> = ["controller-app"]

    /// `PATIO_COMPAT=controller-app,…`: the original apps' contracts this deployment serves under their own
    /// paths, lower-cased; empty when unset. A name Patio does not know is an error naming it.
    public func compatContracts() throws -> Set<String> {
        guard let text = values["PATIO_COMPAT"] else { return [] }
        let names = Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty })
        let unknown = names.subtracting(Self.knownCompatContracts)
        guard unknown.isEmpty else {
            throw ModuleSettingError("PATIO_COMPAT names \(unknown.sorted().joined(separator: ", ")), which Patio does not serve; use a comma-separated list of \(Self.knownCompatContracts.sorted().joined(separator: ", "))")
        }
        return names
    }
}

/// A module setting that cannot be used; Patio refuses to start and says which variable to fix.
public struct ModuleSettingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
