import PatioPlatform

/// What Onboarding tells people, and in what words.
enum OnboardingNotifications {
    /// To the assignee, when a task becomes theirs.
    static let taskAssigned = NotificationKind(
        "onboarding.task_assigned", days: ["due"],
        spanish: NotificationWords(name: "Una tarea que me asignan", title: "Tarea nueva", body: "{task} · para el {due}"),
        english: NotificationWords(name: "A task assigned to me", title: "New task", body: "{task} · due {due}"))

    /// To the assignee, once, the day before an undone task is due (``TaskDueReminders``).
    static let taskDueTomorrow = NotificationKind(
        "onboarding.task_due_tomorrow", days: ["due"],
        spanish: NotificationWords(name: "Una tarea mía que vence mañana", title: "Tarea para mañana", body: "{task} · para el {due}"),
        english: NotificationWords(name: "A task of mine due tomorrow", title: "Task due tomorrow", body: "{task} · due {due}"))

    /// To a new hire who has an account, when an employee writes them a welcome message.
    static let welcomeMessage = NotificationKind(
        "onboarding.welcome_message",
        spanish: NotificationWords(name: "Un mensaje de bienvenida para mí", title: "Mensaje de bienvenida", body: "{author}: {text}"),
        english: NotificationWords(name: "A welcome message for me", title: "Welcome message", body: "{author}: {text}"))

    /// The page where the assignee sees their tasks and a new hire reads their welcome messages.
    static let link = "/onboarding"

    static let all = [taskAssigned, taskDueTomorrow, welcomeMessage]
}
