import PatioCore

/// Roles as people call them. Role ids (`academy.admin`) are for the API and the command line; pages say
/// "Administración" on the academy's tile and "Academia: administración" where every app's roles are listed
/// together. An id without a name here is shown as it is.
public enum RoleNames {
    /// The role's name within its app, for a page that already says which app it is: "Estudiante".
    public static func name(_ role: String, locale: PatioLocale) -> String {
        guard let entry = table[role] else { return role }
        return locale == .es ? entry.es : entry.en
    }

    /// App and role, for lists of every app's roles: "Academia: estudiante".
    public static func fullName(_ role: String, locale: PatioLocale) -> String {
        guard let entry = table[role] else { return role }
        let (app, name) = locale == .es ? (entry.esApp, entry.es) : (entry.enApp, entry.en)
        guard let app else { return name }
        return "\(app): \(name.prefix(1).lowercased() + name.dropFirst())"
    }

    private struct Entry {
        let esApp: String?, es: String, enApp: String?, en: String
    }

    private static let table: [String: Entry] = [
        Role.platformAdmin: Entry(esApp: nil, es: "Administración de Patio", enApp: nil, en: "Patio administrator"),
        "academy.admin": Entry(esApp: "Academia", es: "Administración", enApp: "Academy", en: "Staff"),
        "academy.student": Entry(esApp: "Academia", es: "Estudiante", enApp: "Academy", en: "Student"),
        "courier.admin": Entry(esApp: "Mensajería", es: "Despacho", enApp: "Courier", en: "Dispatch"),
        "courier.agent": Entry(esApp: "Mensajería", es: "Mensajero", enApp: "Courier", en: "Courier"),
        "payments.admin": Entry(esApp: "Pagos", es: "Tesorería", enApp: "Payments", en: "Treasury"),
        "payments.business": Entry(esApp: "Pagos", es: "Negocio", enApp: "Payments", en: "Business"),
        "payments.customer": Entry(esApp: "Pagos", es: "Cliente", enApp: "Payments", en: "Customer"),
        "onboarding.admin": Entry(esApp: "Bienvenida", es: "Recursos humanos", enApp: "Onboarding", en: "People team"),
        "onboarding.employee": Entry(esApp: "Bienvenida", es: "Nuevo ingreso", enApp: "Onboarding", en: "New hire"),
        "campus.admin": Entry(esApp: "Escuela", es: "Gestión escolar", enApp: "Campus", en: "School services"),
        "campus.teacher": Entry(esApp: "Escuela", es: "Docente", enApp: "Campus", en: "Teacher"),
        "campus.student": Entry(esApp: "Escuela", es: "Estudiante", enApp: "Campus", en: "Student"),
    ]
}
