import PatioCore

/// The words of the campus pages (keys start with `cam_`).
enum CampusStrings {
    static let all: [PatioLocale: [String: String]] = [.es: spanish, .en: english]

    static let spanish: [String: String] = [
        "cam_app": "Escuela", "cam_home": "Inicio", "cam_grades": "Calificaciones", "cam_schedule": "Horario", "cam_kardex": "Kárdex",
        "cam_personal": "Datos personales", "cam_credential": "Credencial", "cam_groups": "Mis grupos", "cam_school": "Avisos y becas",
        "cam_next_classes": "Tus próximas clases", "cam_no_classes": "No tienes clases inscritas en este periodo.", "cam_group": "Grupo",
        "cam_subject": "Materia", "cam_teacher": "Profesor", "cam_room": "Salón", "cam_p1": "1er parcial", "cam_p2": "2o parcial", "cam_p3": "3er parcial",
        "cam_ext": "Extra", "cam_final": "Final", "cam_average": "Promedio", "cam_pending": "pendiente", "cam_general_average": "Promedio general",
        "cam_approved": "Aprobadas", "cam_no_grades": "Aún no tienes materias en este periodo.", "cam_period": "Periodo", "cam_list": "Lista",
        "cam_grid": "Cuadrícula", "cam_receipt": "Descargar comprobante (PDF)", "cam_calendar_feed": "Suscribirse al calendario",
        "cam_semester": "Semestre", "cam_cumulative": "Acumulado", "cam_credits": "Créditos", "cam_of": "de", "cam_search": "Buscar",
        "cam_date": "Fecha", "cam_evaluation": "Evaluación", "cam_grade": "Calificación", "cam_no_kardex": "Tu kárdex aún no tiene materias.",
        "cam_general": "Generales", "cam_birth": "Nacimiento", "cam_address": "Domicilio", "cam_contact": "Contacto", "cam_previous": "Escolaridad anterior",
        "cam_family": "Familia", "cam_save": "Guardar", "cam_saved": "Guardado.", "cam_enrolled": "Inscrito", "cam_not_enrolled": "No inscrito",
        "cam_valid": "Credencial vigente hoy", "cam_invalid": "Esta credencial no es válida hoy", "cam_news": "Noticias", "cam_announcements": "Avisos",
        "cam_urgent": "urgentes", "cam_scholarships": "Becas", "cam_calendar": "Calendario escolar", "cam_roster": "Alumnos",
        "cam_capture": "Guardar calificaciones", "cam_window_open": "Captura abierta", "cam_window_closed": "Captura cerrada", "cam_no_groups": "No tienes grupos este periodo.",
        "cam_last_updated": "Actualizado", "cam_offline": "Sin conexión: ves la última copia guardada.", "cam_seats": "Lugares",
        "cam_receipt_ok": "Comprobante auténtico", "cam_receipt_bad": "Este comprobante no fue emitido por la escuela",
        "cam_day_1": "Lunes", "cam_day_2": "Martes", "cam_day_3": "Miércoles", "cam_day_4": "Jueves", "cam_day_5": "Viernes", "cam_day_6": "Sábado", "cam_day_7": "Domingo",
        "cam_admin": "Gestión escolar", "cam_no_periods": "Aún no hay periodos.", "cam_closed": "cerrado", "cam_assessment": "Evaluación",
        "cam_opens": "Abre", "cam_closes": "Cierra", "cam_set_window": "Fijar ventana de captura", "cam_close_period": "Cerrar periodo (pasa las finales al kárdex)",
        "cam_import": "Importar CSV", "cam_import_kind": "Qué importar", "cam_import_enrolments": "Inscripciones (boleta,period,clave,group)",
        "cam_import_subjects": "Materias del plan (clave,name,semester,credits)", "cam_import_groups": "Grupos del plan (una línea por clase)",
        "cam_plan": "Plan de estudios", "cam_csv": "Contenido CSV", "cam_import_button": "Importar", "cam_imported": "Importadas: %d filas.",
        "cam_publish": "Publicar", "cam_kind": "Tipo", "cam_announcement": "Aviso", "cam_category": "Categoría", "cam_title": "Título", "cam_body": "Texto",
        "cam_importance": "Importancia", "cam_delete": "Quitar", "cam_window_set": "Ventana guardada.", "cam_period_closed": "Periodo cerrado: %d líneas al kárdex, %d sin final.",
        "cam_published": "Publicado.", "cam_removed": "Quitado.", "cam_history": "Historial de cambios",
    ]

    static let english: [String: String] = [
        "cam_app": "Campus", "cam_home": "Home", "cam_grades": "Grades", "cam_schedule": "Schedule", "cam_kardex": "Kardex",
        "cam_personal": "Personal data", "cam_credential": "Credential", "cam_groups": "My groups", "cam_school": "News and scholarships",
        "cam_next_classes": "Your next classes", "cam_no_classes": "You have no classes this period.", "cam_group": "Group",
        "cam_subject": "Subject", "cam_teacher": "Teacher", "cam_room": "Room", "cam_p1": "1st partial", "cam_p2": "2nd partial", "cam_p3": "3rd partial",
        "cam_ext": "Extra", "cam_final": "Final", "cam_average": "Average", "cam_pending": "pending", "cam_general_average": "General average",
        "cam_approved": "Approved", "cam_no_grades": "You have no subjects this period yet.", "cam_period": "Period", "cam_list": "List",
        "cam_grid": "Grid", "cam_receipt": "Download receipt (PDF)", "cam_calendar_feed": "Subscribe to the calendar",
        "cam_semester": "Semester", "cam_cumulative": "Cumulative", "cam_credits": "Credits", "cam_of": "of", "cam_search": "Search",
        "cam_date": "Date", "cam_evaluation": "Evaluation", "cam_grade": "Grade", "cam_no_kardex": "Your kardex has no subjects yet.",
        "cam_general": "General", "cam_birth": "Birth", "cam_address": "Address", "cam_contact": "Contact", "cam_previous": "Previous schooling",
        "cam_family": "Family", "cam_save": "Save", "cam_saved": "Saved.", "cam_enrolled": "Enrolled", "cam_not_enrolled": "Not enrolled",
        "cam_valid": "Credential valid today", "cam_invalid": "This credential is not valid today", "cam_news": "News", "cam_announcements": "Announcements",
        "cam_urgent": "urgent", "cam_scholarships": "Scholarships", "cam_calendar": "School calendar", "cam_roster": "Students",
        "cam_capture": "Save grades", "cam_window_open": "Capture open", "cam_window_closed": "Capture closed", "cam_no_groups": "You have no groups this period.",
        "cam_last_updated": "Updated", "cam_offline": "Offline: you are reading the last saved copy.", "cam_seats": "Seats",
        "cam_receipt_ok": "Authentic receipt", "cam_receipt_bad": "The school did not issue this receipt",
        "cam_day_1": "Monday", "cam_day_2": "Tuesday", "cam_day_3": "Wednesday", "cam_day_4": "Thursday", "cam_day_5": "Friday", "cam_day_6": "Saturday", "cam_day_7": "Sunday",
        "cam_admin": "School services", "cam_no_periods": "There are no periods yet.", "cam_closed": "closed", "cam_assessment": "Assessment",
        "cam_opens": "Opens", "cam_closes": "Closes", "cam_set_window": "Set capture window", "cam_close_period": "Close period (finals go to the kardex)",
        "cam_import": "Import CSV", "cam_import_kind": "What to import", "cam_import_enrolments": "Enrolments (boleta,period,clave,group)",
        "cam_import_subjects": "Plan subjects (clave,name,semester,credits)", "cam_import_groups": "Plan groups (one line per class)",
        "cam_plan": "Study plan", "cam_csv": "CSV content", "cam_import_button": "Import", "cam_imported": "Imported: %d rows.",
        "cam_publish": "Publish", "cam_kind": "Kind", "cam_announcement": "Announcement", "cam_category": "Category", "cam_title": "Title", "cam_body": "Text",
        "cam_importance": "Importance", "cam_delete": "Remove", "cam_window_set": "Window saved.", "cam_period_closed": "Period closed: %d kardex lines, %d without a final.",
        "cam_published": "Published.", "cam_removed": "Removed.", "cam_history": "Change history",
    ]
}
