import PatioCore

/// Roles as people call them. Role ids (`<module>.admin`) are for the API and the command line; pages say
/// the role's name on its app's tile ("Administración") and app and role where every app's roles are listed
/// together ("<App>: administración"). The platform names its own role; each module names its roles (the composition root
/// adds them with ``adding(_:app:names:)``). An id without a name is shown as it is.
public struct RoleNames: Sendable {
    private struct Entry: Sendable {
        let app: [PatioLocale: String]
        let name: [PatioLocale: String]
    }

    private var table: [String: Entry]

    /// The platform's own role alone.
    public static let platform = RoleNames(table: [
        Role.platformAdmin: Entry(app: [:], name: [.es: "Administración de Patio", .en: "Patio administrator"])
    ])

    /// These names and a module's: `roles` are (id, name in each language), `app` the module's name.
    public func adding(_ roles: [(id: String, name: @Sendable (PatioLocale) -> String)], app: (PatioLocale) -> String) -> RoleNames {
        var copy = self
        let appNames = Dictionary(uniqueKeysWithValues: PatioLocale.allCases.map { ($0, app($0)) })
        for role in roles {
            copy.table[role.id] = Entry(app: appNames, name: Dictionary(uniqueKeysWithValues: PatioLocale.allCases.map { ($0, role.name($0)) }))
        }
        return copy
    }

    /// The role's name within its app, for a page that already says which app it is: "Estudiante".
    public func name(_ role: String, locale: PatioLocale) -> String {
        table[role]?.name[locale] ?? role
    }

    /// App and role, for lists of every app's roles: "<App>: estudiante".
    public func fullName(_ role: String, locale: PatioLocale) -> String {
        guard let entry = table[role], let name = entry.name[locale] else { return role }
        guard let app = entry.app[locale] else { return name }
        return "\(app): \(name.prefix(1).lowercased() + name.dropFirst())"
    }
}
