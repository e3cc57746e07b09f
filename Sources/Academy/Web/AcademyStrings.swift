import PatioCore

/// The words of the academy pages. Keys start with `ac_` so they never collide with platform words.
enum AcademyStrings {
    static let all: [PatioLocale: [String: String]] = [.es: spanish, .en: english]

    static func weekday(_ day: Int, _ locale: PatioLocale) -> String {
        let names = locale == .es
            ? ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"]
            : ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let name = names[(max(1, min(7, day))) - 1]
        return locale == .es ? name.prefix(1).uppercased() + name.dropFirst() : name
    }

    static func level(_ level: String, _ locale: PatioLocale) -> String {
        (locale == .es ? spanish : english)["ac_level_\(level)"] ?? level
    }

    static let spanish: [String: String] = [
        "ac_academy": "Academia", "ac_today": "Hoy", "ac_students": "Alumnos", "ac_classes": "Clases", "ac_locations": "Sedes",
        "ac_packs": "Paquetes", "ac_payments": "Pagos", "ac_settings": "Ajustes", "ac_my_classes": "Mis clases",
        "ac_my_attendance": "Mis asistencias", "ac_browse": "Ver clases", "ac_browse_title": "Clases por sede y nivel",
        "ac_location": "Sede", "ac_all_locations": "Todas las sedes", "ac_level": "Nivel", "ac_all_levels": "Todos los niveles",
        "ac_filter": "Filtrar", "ac_capacity": "Cupo", "ac_next": "Próxima", "ac_no_schedules": "Aún no tiene horarios.",
        "ac_no_classes": "No hay clases que coincidan.", "ac_classes_left": "clases disponibles", "ac_this_week": "esta semana",
        "ac_expires": "Parte de tus clases vence el", "ac_no_enrolments": "Todavía no estás inscrita en ninguna clase. Consulta en recepción.",
        "ac_date": "Fecha", "ac_class": "Clase", "ac_checked_in_at": "Hora de ingreso", "ac_no_attendance": "Aún no hay asistencias registradas.",
        "ac_checkin_title": "Marcar asistencia", "ac_checkin_hint": "Toca el botón para registrar tu asistencia a la clase de ahora.", "ac_checkin_button": "Marcar mi asistencia",
        "ac_checkin_no_code": "Este enlace no trae un código de asistencia. Escanea el código QR de la pantalla de la sala.",
        "ac_checked_in": "¡Asistencia registrada!", "ac_qr_hint": "Escanea este código con tu celular para marcar tu asistencia.",
        "ac_qr_rotates": "El código cambia cada 30 segundos.", "ac_open_qr": "Pantalla QR de la sala", "ac_checked_in_count": "presentes",
        "ac_nobody_yet": "Nadie ha marcado asistencia todavía.", "ac_no_sessions_today": "Hoy no hay clases en esta sede.",
        "ac_no_locations": "Todavía no hay sedes.", "ac_add_location": "Agregar sede", "ac_timezone": "Zona horaria (IANA)",
        "ac_currency": "Moneda (ISO 4217)", "ac_opens_before": "La asistencia abre (minutos antes del inicio)",
        "ac_closes_after": "La asistencia cierra (minutos después del final)", "ac_address": "Dirección", "ac_archived": "Archivada",
        "ac_description": "Descripción", "ac_new_class": "Nueva clase", "ac_schedules": "Horarios semanales", "ac_weekday": "Día",
        "ac_time": "Hora", "ac_enrolled": "Inscritos", "ac_attendance": "Asistencia", "ac_start": "Inicio", "ac_end": "Fin",
        "ac_add_schedule": "Agregar horario", "ac_delete_class": "Eliminar o archivar la clase", "ac_nobody_that_day": "Nadie asistió ese día.",
        "ac_session_dates": "Fechas con asistencia", "ac_price": "Precio", "ac_valid_days": "Vigencia (días)", "ac_no_packs": "Aún no hay paquetes.",
        "ac_new_pack": "Nuevo paquete", "ac_search_students": "Nombre, DNI o email", "ac_new_student": "Nuevo alumno",
        "ac_no_students": "Ningún alumno coincide con la búsqueda.", "ac_phone": "Teléfono", "ac_birthdate": "Fecha de nacimiento",
        "ac_enrolments": "Inscripciones", "ac_ended": "Finalizada", "ac_ledger": "Movimientos de clases", "ac_adjust_classes": "Clases (+/−)",
        "ac_reason": "Motivo", "ac_adjust": "Ajustar", "ac_unenrol": "Dar de baja", "ac_no_enrolments_admin": "Sin inscripciones. Registra un pago para inscribir.",
        "ac_record_payment": "Registrar pago", "ac_schedule": "Horario", "ac_pack": "Paquete", "ac_no_pack": "Sin paquete (indicar clases y monto)",
        "ac_amount": "Monto", "ac_pack_hint": "Con un paquete, las clases y el monto se toman del paquete si los dejas vacíos.",
        "ac_edit_student": "Editar datos", "ac_account_owned": "El nombre, el correo y la contraseña son de su cuenta de Patio: los cambia la alumna en su cuenta, o un administrador de Patio.", "ac_kind": "Tipo",
        "ac_note": "Detalle", "ac_delta": "Clases", "ac_balance": "Saldo", "ac_no_entries": "Sin movimientos.", "ac_from": "Desde", "ac_to": "Hasta",
        "ac_payments_count": "pagos", "ac_payment_one": "pago", "ac_total": "Total", "ac_refunded": "Devuelto", "ac_net": "Neto", "ac_student": "Alumno",
        "ac_refund": "Devolver", "ac_no_payments": "No hay pagos con estos filtros.", "ac_saved": "Guardado.",
        "ac_level_beginner": "Básico", "ac_level_intermediate": "Intermedio", "ac_level_advanced": "Avanzado", "ac_level_all": "Todos los niveles",
        "ac_kind_purchase": "Compra", "ac_kind_attendance": "Asistencia", "ac_kind_refund": "Devolución", "ac_kind_adjustment": "Ajuste", "ac_kind_expiry": "Vencimiento",
        "ac_chart_title": "Asistencias por mes", "ac_chart_empty": "Sin asistencias", "ac_checkin_failed": "No se pudo registrar la asistencia",
        "ac_deleted": "Eliminado.", "ac_archived_notice": "Tenía historial, así que quedó archivado.",
    ]

    static let english: [String: String] = [
        "ac_academy": "Academy", "ac_today": "Today", "ac_students": "Students", "ac_classes": "Classes", "ac_locations": "Sedes",
        "ac_packs": "Packs", "ac_payments": "Payments", "ac_settings": "Settings", "ac_my_classes": "My classes",
        "ac_my_attendance": "My attendance", "ac_browse": "Browse classes", "ac_browse_title": "Classes by sede and level",
        "ac_location": "Sede", "ac_all_locations": "All sedes", "ac_level": "Level", "ac_all_levels": "All levels",
        "ac_filter": "Filter", "ac_capacity": "Capacity", "ac_next": "Next", "ac_no_schedules": "No schedule yet.",
        "ac_no_classes": "No class matches.", "ac_classes_left": "classes left", "ac_this_week": "this week",
        "ac_expires": "Some of your classes expire on", "ac_no_enrolments": "You are not enrolled in any class yet. Ask at the front desk.",
        "ac_date": "Date", "ac_class": "Class", "ac_checked_in_at": "Checked in at", "ac_no_attendance": "No attendance recorded yet.",
        "ac_checkin_title": "Check in", "ac_checkin_hint": "Tap the button to record your attendance at the class on now.", "ac_checkin_button": "Check me in",
        "ac_checkin_no_code": "This link has no check-in code. Scan the QR code on the room screen.",
        "ac_checked_in": "You're checked in!", "ac_qr_hint": "Scan this code with your phone to check in.",
        "ac_qr_rotates": "The code changes every 30 seconds.", "ac_open_qr": "Room QR screen", "ac_checked_in_count": "checked in",
        "ac_nobody_yet": "Nobody has checked in yet.", "ac_no_sessions_today": "No classes at this sede today.",
        "ac_no_locations": "No sedes yet.", "ac_add_location": "Add a sede", "ac_timezone": "Time zone (IANA)",
        "ac_currency": "Currency (ISO 4217)", "ac_opens_before": "Check-in opens (minutes before start)",
        "ac_closes_after": "Check-in closes (minutes after the end)", "ac_address": "Address", "ac_archived": "Archived",
        "ac_description": "Description", "ac_new_class": "New class", "ac_schedules": "Weekly schedules", "ac_weekday": "Day",
        "ac_time": "Time", "ac_enrolled": "Enrolled", "ac_attendance": "Attendance", "ac_start": "Start", "ac_end": "End",
        "ac_add_schedule": "Add schedule", "ac_delete_class": "Delete or archive the class", "ac_nobody_that_day": "Nobody attended that day.",
        "ac_session_dates": "Dates with attendance", "ac_price": "Price", "ac_valid_days": "Valid for (days)", "ac_no_packs": "No packs yet.",
        "ac_new_pack": "New pack", "ac_search_students": "Name, DNI or email", "ac_new_student": "New student",
        "ac_no_students": "No student matches this search.", "ac_phone": "Phone", "ac_birthdate": "Birthdate",
        "ac_enrolments": "Enrolments", "ac_ended": "Ended", "ac_ledger": "Class ledger", "ac_adjust_classes": "Classes (+/−)",
        "ac_reason": "Reason", "ac_adjust": "Adjust", "ac_unenrol": "Unenrol", "ac_no_enrolments_admin": "No enrolments. Record a payment to enrol.",
        "ac_record_payment": "Record payment", "ac_schedule": "Schedule", "ac_pack": "Pack", "ac_no_pack": "No pack (give classes and amount)",
        "ac_amount": "Amount", "ac_pack_hint": "With a pack, empty classes and amount are taken from the pack.",
        "ac_edit_student": "Edit details", "ac_account_owned": "The name, email and password belong to their Patio account: the student changes them on their account page, or a Patio admin does.", "ac_kind": "Kind",
        "ac_note": "Detail", "ac_delta": "Classes", "ac_balance": "Balance", "ac_no_entries": "No entries.", "ac_from": "From", "ac_to": "To",
        "ac_payments_count": "payments", "ac_payment_one": "payment", "ac_total": "Total", "ac_refunded": "Refunded", "ac_net": "Net", "ac_student": "Student",
        "ac_refund": "Refund", "ac_no_payments": "No payments match these filters.", "ac_saved": "Saved.",
        "ac_level_beginner": "Beginner", "ac_level_intermediate": "Intermediate", "ac_level_advanced": "Advanced", "ac_level_all": "All levels",
        "ac_kind_purchase": "Purchase", "ac_kind_attendance": "Attendance", "ac_kind_refund": "Refund", "ac_kind_adjustment": "Adjustment", "ac_kind_expiry": "Expiry",
        "ac_chart_title": "Attendance per month", "ac_chart_empty": "No attendance", "ac_checkin_failed": "Check-in did not go through",
        "ac_deleted": "Deleted.", "ac_archived_notice": "It had history, so it was archived.",
    ]
}
