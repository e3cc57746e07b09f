import FluentKit

/// The academy's migrations, in the order they were introduced: the one place that decides their order.
/// History (payments, ledger, attendance) references the catalogue, which is why the catalogue is archived
/// rather than deleted once used.
enum AcademyMigrations {
    static let all: [any Migration] = [CreateAcademyTables(), AddStudentActive(), AddLotExpiryNotice(), AddSessionCancellations()]
}
