import PatioCore

/// The words of the onboarding pages (keys start with `onb_`); a refused form's words are Onboarding's own
/// `field.<name>`, `error.<code>` and `problem.<code>` (FieldMessages).
enum OnboardingStrings {
    static let all: [PatioLocale: [String: String]] = OnboardingRefusalWords.beneath([.es: spanish, .en: english])

    static let spanish: [String: String] = [
        "onb_app": "Bienvenida", "onb_dashboard": "Inicio", "onb_new_hires": "Nuevos ingresos", "onb_admin": "Recursos humanos",
        "onb_welcome_back": "¡Hola de nuevo, %@!", "onb_due_soon": "Tareas próximas", "onb_today": "Hoy", "onb_tomorrow": "Mañana",
        "onb_overdue": "Vencida", "onb_mark_done": "Marcar como hecha", "onb_mark_undone": "Desmarcar", "onb_no_tasks": "No tienes tareas asignadas.",
        "onb_all_done": "¡Buen trabajo! Terminaste todas tus tareas.", "onb_undo": "Deshacer", "onb_done": "Hecha",
        "onb_this_month": "Ingresan este mes", "onb_see_all": "Ver todos", "onb_none_this_month": "Nadie ingresa este mes.",
        "onb_sort": "Orden", "onb_earliest": "Primero los más antiguos", "onb_latest": "Primero los más recientes", "onb_starts": "Ingresa el",
        "onb_send_welcome": "Enviar bienvenida", "onb_message": "Mensaje", "onb_message_sent": "Mensaje enviado.", "onb_no_new_hires": "Aún no hay nuevos ingresos.",
        "onb_messages_for_you": "Mensajes de bienvenida para ti", "onb_progress": "Avance por persona", "onb_person": "Persona",
        "onb_tasks_done": "Hechas", "onb_total": "Total", "onb_new_task": "Nueva tarea", "onb_task_text": "Tarea", "onb_due_date": "Fecha límite",
        "onb_assignee_email": "Correo de la persona", "onb_create": "Crear", "onb_new_hire": "Nuevo ingreso", "onb_name": "Nombre",
        "onb_start_date": "Fecha de ingreso", "onb_team": "Equipo", "onb_role": "Puesto", "onb_email_optional": "Correo (opcional)",
        "onb_task_created": "Tarea creada.", "onb_new_hire_created": "Nuevo ingreso registrado.", "onb_all_tasks": "Todas las tareas",
        "onb_delete": "Eliminar", "onb_signin_title": "Entra a Bienvenida", "onb_continue": "Continuar", "onb_signin_as": "Entrar como",
        "onb_other_email": "Usar otro correo", "onb_no_progress": "Todavía no hay tareas asignadas.",
        "onb_pending": "%d cambio(s) sin enviar: se enviarán al volver la conexión.",
        "onb_conflict": "Alguien cambió una tarea mientras tanto; esto es lo que hay ahora.",
        "onb_photo": "Foto", "onb_photo_hint": "Fotos PNG, JPEG o WebP de hasta 2 MiB; sin foto se muestran las iniciales.",
        "onb_photo_of": "la foto de %@", "onb_removed": "Quitado.", "onb_remove_photo": "Quitar foto", "onb_progress_summary": "%d de %d tareas hechas", "onb_overdue_one": "%d vencida",
        "onb_overdue_many": "%d vencidas", "onb_done_label": "Hecha",
        "field.text": "Texto", "field.dueDate": "Fecha límite", "field.assigneeEmail": "Responsable", "field.assigneeId": "Responsable",
        "field.name": "Nombre", "field.startDate": "Fecha de inicio", "field.team": "Equipo", "field.role": "Puesto", "field.email": "Correo",
        "field.companyName": "Empresa", "field.timeZone": "Zona horaria", "field.newHireId": "Nuevo ingreso",
        "error.text_length": "Escribe de 1 a 500 caracteres.", "error.unknown_account": "Ninguna cuenta tiene este correo.",
        "error.task_text_length": "Describe la tarea en 1 a 200 caracteres.", "error.date_format": "Usa aaaa-mm-dd.",
        "error.assignee_required": "Indica el correo de la persona responsable.", "error.unknown_new_hire": "No existe ese nuevo ingreso.",
        "error.name_length": "Escribe el nombre de la persona, de 1 a 80 caracteres.", "error.team_length": "El equipo admite hasta 60 caracteres.",
        "error.role_length": "El puesto admite hasta 60 caracteres.", "error.email_format": "Escribe un correo válido, o ninguno.",
        "error.company_name_length": "Escribe el nombre de la empresa, de 1 a 80 caracteres.",
        "error.time_zone": "Usa una zona horaria IANA, como America/Mexico_City o UTC.",
        "problem.validation_failed": "Algunos campos no son válidos.",
        "problem.assignee_not_employee": "Las tareas van a cuentas activas con el rol de empleado.",
        "problem.image_too_large": "La foto puede pesar como máximo 2 MiB.", "problem.image_format_unsupported": "Envía una imagen PNG, JPEG o WebP.",
    ]

    static let english: [String: String] = [
        "onb_app": "Onboarding", "onb_dashboard": "Home", "onb_new_hires": "New hires", "onb_admin": "People team",
        "onb_welcome_back": "Welcome back, %@!", "onb_due_soon": "Tasks due soon", "onb_today": "Today", "onb_tomorrow": "Tomorrow",
        "onb_overdue": "Overdue", "onb_mark_done": "Mark as done", "onb_mark_undone": "Mark as not done", "onb_no_tasks": "You have no tasks.",
        "onb_all_done": "Nice work! You finished all your tasks.", "onb_undo": "Undo", "onb_done": "Done",
        "onb_this_month": "Joining this month", "onb_see_all": "See all", "onb_none_this_month": "Nobody joins this month.",
        "onb_sort": "Order", "onb_earliest": "Earliest first", "onb_latest": "Latest first", "onb_starts": "Starts on",
        "onb_send_welcome": "Send a welcome", "onb_message": "Message", "onb_message_sent": "Message sent.", "onb_no_new_hires": "No new hires yet.",
        "onb_messages_for_you": "Welcome messages for you", "onb_progress": "Progress per person", "onb_person": "Person",
        "onb_tasks_done": "Done", "onb_total": "Total", "onb_new_task": "New task", "onb_task_text": "Task", "onb_due_date": "Due date",
        "onb_assignee_email": "Assignee's email", "onb_create": "Create", "onb_new_hire": "New hire", "onb_name": "Name",
        "onb_start_date": "Start date", "onb_team": "Team", "onb_role": "Role", "onb_email_optional": "Email (optional)",
        "onb_task_created": "Task created.", "onb_new_hire_created": "New hire added.", "onb_all_tasks": "All tasks",
        "onb_delete": "Delete", "onb_signin_title": "Sign in to Onboarding", "onb_continue": "Continue", "onb_signin_as": "Signing in as",
        "onb_other_email": "Use another email", "onb_no_progress": "No tasks assigned yet.",
        "onb_pending": "%d change(s) not sent yet: they go out when the connection is back.",
        "onb_conflict": "Someone changed a task meanwhile; this is how it is now.",
        "onb_photo": "Photo", "onb_photo_hint": "PNG, JPEG or WebP photos up to 2 MiB; without one, initials are shown.",
        "onb_photo_of": "%@'s photo", "onb_removed": "Removed.", "onb_remove_photo": "Remove photo", "onb_progress_summary": "%d of %d tasks done", "onb_overdue_one": "%d overdue",
        "onb_overdue_many": "%d overdue", "onb_done_label": "Done",
        "field.text": "Text", "field.dueDate": "Due date", "field.assigneeEmail": "Assignee", "field.assigneeId": "Assignee",
        "field.name": "Name", "field.startDate": "Start date", "field.team": "Team", "field.role": "Role", "field.email": "Email",
        "field.companyName": "Company", "field.timeZone": "Time zone", "field.newHireId": "New hire",
    ]
}
