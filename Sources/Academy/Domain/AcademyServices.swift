import Foundation
import PatioCore
import PatioPlatform

/// Every academy service, wired once from the module environment.
struct AcademyServices: Sendable {
    let settings: AcademySettingsService
    let catalogue: CatalogueService
    let students: StudentService
    let enrolments: EnrolmentService
    let attendance: AttendanceService
    let checkIns: CheckInService
    let expiryNotices: CreditExpiryNotices
    let cancellations: SessionCancellations
    let publicURL: String?

    init(environment: ModuleEnvironment) {
        let database = environment.database, clock = environment.clock
        settings = AcademySettingsService(database: database)
        catalogue = CatalogueService(database: database, settings: settings, clock: clock, notifications: environment.notifications)
        students = StudentService(
            database: database, accounts: environment.identity.accounts, directory: environment.identity.directory, clock: clock)
        enrolments = EnrolmentService(database: database, settings: settings, directory: environment.identity.directory, clock: clock)
        cancellations = SessionCancellations(
            database: database, settings: settings, notifications: environment.notifications, clock: clock)
        attendance = AttendanceService(
            database: database, settings: settings, enrolments: enrolments, cancellations: cancellations,
            directory: environment.identity.directory, clock: clock)
        checkIns = CheckInService(database: database, secrets: environment.secrets, catalogue: catalogue, clock: clock)
        expiryNotices = CreditExpiryNotices(database: database, settings: settings, notifications: environment.notifications, clock: clock)
        publicURL = environment.publicURL
    }
}
