import PatioPlatform

/// What Onboarding tells people, and in what words.
enum OnboardingNotifications {
    /// To the assignee, when a task becomes theirs.
    static let taskAssigned = NotificationKind(
        "onboarding.task_assigned", days: ["due"],
        spanish: NotificationWords(name: "Una tarea que me asignan", title: "Tarea nueva", body: "{task} · para el {due}"),
        english: NotificationWords(name: "A task assigned to me", title: "New task", body: "{task} · due {due}"))

    static let all = [taskAssigned]
}
