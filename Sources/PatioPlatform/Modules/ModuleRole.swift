import PatioCore

/// A role a module defines: its id (`<module>.<role>`, what the API and the command line use) and what people
/// call it inside the module's app, in each language. Pages never show the id.
public struct ModuleRole: Sendable, Hashable {
    public let id: String
    private let spanish: String
    private let english: String

    public init(_ id: String, spanish: String, english: String) {
        self.id = id
        self.spanish = spanish
        self.english = english
    }

    /// The role's name within its app: "Despacho".
    public func name(_ locale: PatioLocale) -> String {
        switch locale {
        case .es: spanish
        case .en: english
        }
    }
}
