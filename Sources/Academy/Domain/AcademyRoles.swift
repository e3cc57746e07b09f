import PatioPlatform

/// The academy's roles.
enum AcademyRoles {
    /// The academy's staff: sedes, classes, packs, students and attendance.
    static let admin = "academy.admin"
    /// A dancer: their classes, credits and check-ins.
    static let student = "academy.student"

    /// The roles with the names people use for them.
    static let all = [
        ModuleRole(admin, spanish: "Administración", english: "Staff"),
        ModuleRole(student, spanish: "Estudiante", english: "Student"),
    ]
}
