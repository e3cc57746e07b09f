import FluentKit

/// The onboarding tables, in the order they were introduced.
public enum OnboardingMigrations {
    public static let all: [any Migration] = [
        CreateSettings(), CreateNewHires(), CreateTasks(), CreateMessages(), AddNewHireAvatar(), AddTaskRemindedAt(),
    ]
}
