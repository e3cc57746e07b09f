import Foundation
import PatioCore
import PatioData
import PatioPlatform

/// Every onboarding service, wired once from the module environment.
struct OnboardingServices: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let settings: OnboardingSettingsService
    let newHires: NewHireService
    let tasks: TaskService
    let messages: WelcomeMessageService
    let reminders: TaskDueReminders
    let progress: ProgressReport

    init(environment: ModuleEnvironment) {
        database = environment.database
        clock = environment.clock
        settings = OnboardingSettingsService(database: environment.database, clock: environment.clock)
        newHires = NewHireService(
            database: environment.database, settings: settings, clock: environment.clock, blobs: BlobStore(database: environment.database))
        tasks = TaskService(
            database: environment.database, accounts: environment.identity.accounts, clock: environment.clock,
            notifications: environment.notifications)
        messages = WelcomeMessageService(
            database: environment.database, clock: environment.clock, accounts: environment.identity.accounts,
            notifications: environment.notifications)
        reminders = TaskDueReminders(
            database: environment.database, settings: settings, notifications: environment.notifications, clock: environment.clock)
        progress = ProgressReport(database: environment.database, accounts: environment.identity.accounts, settings: settings)
    }
}
