/// The portal pages Patio reads, relative to a school's portal URL.
public enum SAESPage: String, Sendable, CaseIterable, Codable {
    case login = "default.aspx"
    case home = "Alumnos/default.aspx"
    case personalData = "Alumnos/info_alumnos/Datos_Alumno.aspx"
    case photo = "Alumnos/info_alumnos/Fotografia.aspx"
    case schedule = "Alumnos/Informacion_semestral/Horario_Alumno.aspx"
    case scheduleReceipt = "Alumnos/Informacion_semestral/HorarioAlumnoPDF.aspx"
    case grades = "Alumnos/Informacion_semestral/calificaciones_sem.aspx"
    case kardex = "Alumnos/boleta/kardex.aspx"
    case teacherEvaluation = "Alumnos/Evaluacion_docente/califica_profe.aspx"
    case availability = "Academica/horarios.aspx"
    case occupancy = "Academica/Ocupabilidad_grupos.aspx"
    case credits = "Alumnos/Reinscripciones/fichas_reinscripcion.aspx"

    /// The page's path under the portal.
    public var path: String { rawValue }
}
