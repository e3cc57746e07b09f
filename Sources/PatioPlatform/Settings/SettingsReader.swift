import Configuration
import Foundation

/// Patio's settings, read through swift-configuration.
///
/// A setting has a dotted key (`patio.db.pool.timeout`); the environment provider finds it as the variable
/// `PATIO_DB_POOL_TIMEOUT`, which is the name people set and the name every refusal gives. Patio reads the
/// text and checks it itself, because a value that is set but wrong must stop start-up with a message
/// naming the variable, where the reader's typed accessors would fall back to the default in silence.
public struct SettingsReader: Sendable {
    private let reader: ConfigReader

    /// Settings from `reader`'s providers.
    public init(_ reader: ConfigReader) {
        self.reader = reader
    }

    /// Settings from these variables (the process's environment in `patio`, a dictionary in tests).
    public init(environment: [String: String]) {
        self.init(ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)))
    }

    /// The variable that sets `key`: its components upper-cased and joined by `_`.
    public static func variable(_ key: String) -> String {
        key.split(separator: ".").map { $0.uppercased() }.joined(separator: "_")
    }

    /// The key that `variable` sets: `PATIO_DB_POOL_TIMEOUT` is `patio.db.pool.timeout`.
    public static func key(_ variable: String) -> String {
        variable.lowercased().replacingOccurrences(of: "_", with: ".")
    }

    /// The text set for `key`, or nil when it is unset or empty.
    public func text(_ key: String, isSecret: Bool = false) -> String? {
        guard let value = reader.string(forKey: ConfigKey(key), isSecret: isSecret), !value.isEmpty else { return nil }
        return value
    }

    /// A whole number in `range`; nil when unset. `meaning` ends the refusal: "PATIO_PORT must be 0 to
    /// 65535 (a port number)".
    public func integer(_ key: String, in range: ClosedRange<Int>, meaning: String) throws(SettingError) -> Int? {
        guard let text = text(key) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
            throw SettingError("\(Self.variable(key)) must be \(range.lowerBound) to \(range.upperBound) (\(meaning))")
        }
        return value
    }

    /// One of `choices` (compared in lower case); nil when unset.
    public func choice<Choice>(_ key: String, _ choices: [String: Choice]) throws(SettingError) -> Choice? {
        guard let text = text(key) else { return nil }
        guard let value = choices[text.lowercased()] else {
            let names = choices.keys.sorted()
            let listed = names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
            throw SettingError("\(Self.variable(key)) must be \(listed)")
        }
        return value
    }

    /// A comma-separated list, trimmed and lower-cased, without empty items; nil when unset.
    public func list(_ key: String) -> [String]? {
        text(key).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty } }
    }
}

/// A setting that cannot be used: Patio does not start, and says which variable to fix and how.
public struct SettingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
