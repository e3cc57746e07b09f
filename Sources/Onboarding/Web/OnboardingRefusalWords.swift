import PatioCore
import PatioWeb

/// Onboarding's refusals in the reader's words where its strings had none (FieldMessages: `problem.<code>`,
/// `error.<code>`), beneath OnboardingStrings' own: HR and new hires read every refusal in their language.
enum OnboardingRefusalWords {
    /// Onboarding's pages' words with these beneath them (theirs win on a shared key).
    static func beneath(_ pages: [PatioLocale: [String: String]]) -> [PatioLocale: [String: String]] {
        Strings.beneath(pages, [.es: spanish, .en: english])
    }

    static let spanish: [String: String] = [
        "problem.task_not_found": "Esa tarea ya no existe; recarga la página.",
        "problem.new_hire_not_found": "Ese nuevo ingreso no existe; recarga la página.",
        "problem.avatar_not_found": "Este nuevo ingreso no tiene foto; se muestran sus iniciales.",
        "problem.not_your_messages": "Solo el nuevo ingreso y Recursos Humanos leen estos mensajes.",
        "error.account_id_format": "No es una cuenta válida; indica su identificador.",
        "error.done_required": "Indica si la tarea está hecha o no.",
        "error.month_choice": "Usa current para este mes, o no lo indiques para ver a todos.",
        "error.sort_choice": "Ordena por earliest (los más antiguos) o latest (los más recientes).",
    ]

    static let english: [String: String] = [
        "problem.task_not_found": "No task has this id; reload the page.",
        "problem.new_hire_not_found": "No new hire has this id; reload the page.",
        "problem.avatar_not_found": "This new hire has no photo; their initials are shown.",
        "problem.not_your_messages": "Only the new hire and HR read these messages.",
        "problem.assignee_not_employee": "Tasks go to active accounts with the employee role.",
        "problem.image_too_large": "Photos can be at most 2 MiB.", "problem.image_format_unsupported": "Send a PNG, JPEG or WebP image.",
        "error.account_id_format": "Give an account id.",
        "error.done_required": "Say whether the task is done or not.",
        "error.month_choice": "Use current, or leave it out for everyone.",
        "error.sort_choice": "Use earliest or latest.",
        "error.text_length": "Write 1 to 500 characters.", "error.unknown_account": "No account has this email.",
        "error.task_text_length": "Describe the task in 1 to 200 characters.", "error.date_format": "Use yyyy-mm-dd.",
        "error.assignee_required": "Give the assignee's email.", "error.unknown_new_hire": "No new hire has this id.",
        "error.name_length": "Give the new hire's name, 1 to 80 characters.", "error.team_length": "Keep the team to 60 characters.",
        "error.role_length": "Keep the role to 60 characters.",
        "error.company_name_length": "Give the company's name, 1 to 80 characters.",
        "error.time_zone": "Use an IANA time zone such as America/Mexico_City or UTC.",
    ]
}
