import Logging
import PatioData
import PatioIdentity
import PatioPlatform
import PatioTestSupport

/// Runs `body` with a database of its own, migrated as Patio migrates the platform: Identity's tables first, since
/// the platform's refer to accounts. `body` also gets the database's settings, to open it a second time.
func withPlatformDatabase(_ label: String, _ body: (PatioDatabase, DatabaseSettings) async throws -> Void) async throws {
    try await TestDatabase.make().dropping { test in
        try await PatioDatabase.open(test.settings, logger: Logger(label: label)).closing { database in
            var migrations = MigrationRegistry()
            migrations.add(IdentityMigrations.all)
            migrations.add(PlatformMigrations.all)
            try await database.migrate(migrations)
            try await body(database, test.settings)
        }
    }
}
