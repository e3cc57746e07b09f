import PatioPlatform

/// The campus module's roles.
public enum CampusRoles {
    /// School services: the record (schools, plans, periods, groups, enrolments), capture windows, the
    /// kardex, school content.
    public static let admin = "campus.admin"
    /// Grades their own groups inside the capture windows.
    public static let teacher = "campus.teacher"
    /// Reads their own record: grades, schedule, kardex, personal data, credential.
    public static let student = "campus.student"
    public static let members = [admin, teacher, student]

    /// The roles with the names people use for them.
    public static let all = [
        ModuleRole(admin, spanish: "Gestión escolar", english: "School services"),
        ModuleRole(teacher, spanish: "Docente", english: "Teacher"),
        ModuleRole(student, spanish: "Estudiante", english: "Student"),
    ]
}
