import PatioCore
import PatioPlatform

/// Onboarding started for one Patio: its services, built once, behind every hook.
struct RunningOnboarding: StartedModule {
    let services: OnboardingServices
    let environment: ModuleEnvironment

    func registerRoutes(on routes: PatioRoutes) {
        OnboardingAPI.register(on: routes, services: services)
        OnboardingPages.register(on: routes, services: services, web: environment.web, sync: environment.sync)
    }

    func syncCollections() -> [SyncCollection] {
        [TaskSync.collection(clock: environment.clock)]
    }

    /// Reminds assignees, once per task, of undone tasks due tomorrow. Hourly is soon enough for a reminder a
    /// day ahead; the day's reminders go out from the company's 9:00 (``TaskDueReminders/fromHour``).
    func periodicJobs() -> [PeriodicJob] {
        [PeriodicJob(name: "onboarding.task-due-reminders", interval: .seconds(3600)) { try await services.reminders.sendDue() }]
    }

    /// `rrhh@demo.patio` (HR) and `nuevo@demo.patio` (an employee with tasks due today, tomorrow and later),
    /// and new hires across this and other months.
    func seedDemo() async throws {
        try await OnboardingDemo.seed(services, environment: environment)
    }
}
