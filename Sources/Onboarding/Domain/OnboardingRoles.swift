import PatioPlatform

/// The onboarding module's roles.
public enum OnboardingRoles {
    /// HR: manages new hires and tasks, sees everyone's progress.
    public static let admin = "onboarding.admin"
    /// An employee: their own tasks, the new hires, welcome messages.
    public static let employee = "onboarding.employee"
    /// Everyone in the company's onboarding app.
    public static let members = [admin, employee]

    /// The roles with the names people use for them.
    public static let all = [
        ModuleRole(admin, spanish: "Recursos humanos", english: "People team"),
        ModuleRole(employee, spanish: "Nuevo ingreso", english: "New hire"),
    ]
}
