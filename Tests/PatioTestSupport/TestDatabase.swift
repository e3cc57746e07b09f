import FluentKit
import Foundation
import Logging
import PatioData
import SQLKit

/// A fresh, empty database for one test: a SQLite file in a temporary folder, or — when
/// `PATIO_TEST_DATABASE_URL` names a PostgreSQL server — a new database on it, dropped afterwards.
public struct TestDatabase: Sendable {
    public let settings: DatabaseSettings
    let cleanup: @Sendable () async -> Void

    public static var isPostgres: Bool { ProcessInfo.processInfo.environment["PATIO_TEST_DATABASE_URL"] != nil }

    /// A fresh database; on PostgreSQL with `migrations`, a copy of a database they already ran on (the
    /// migrations then find nothing to do), which is far cheaper than running them again for every test.
    public static func make(migratedWith migrations: [any Migration]? = nil) async throws -> TestDatabase {
        if let adminURL = ProcessInfo.processInfo.environment["PATIO_TEST_DATABASE_URL"] {
            let name = "patio_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            if let migrations {
                let template = try await PostgresTemplates.shared.template(adminURL: adminURL, migrations: migrations)
                try await PostgresTemplates.copy(template, to: String(name), adminURL: adminURL)
            } else {
                try await PatioDatabase.open(.postgres(url: adminURL), logger: Logger(label: "test-admin"), readerConnections: 1).closing { admin in
                    try await (admin.maintenance as! any SQLDatabase).raw(SQLQueryString("CREATE DATABASE \(unsafeRaw: String(name))")).run()
                }
            }
            var components = URLComponents(string: adminURL)!
            components.path = "/\(name)"
            let url = components.string!
            return TestDatabase(settings: .postgres(url: url)) {
                guard let admin = try? await PatioDatabase.open(.postgres(url: adminURL), logger: Logger(label: "test-admin"), readerConnections: 1)
                else { return }
                try? await (admin.maintenance as! any SQLDatabase).raw(
                    SQLQueryString("DROP DATABASE IF EXISTS \(unsafeRaw: String(name)) WITH (FORCE)")
                ).run()
                await admin.close()
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patio-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return TestDatabase(settings: .sqlite(path: folder.appendingPathComponent("patio.sqlite").path)) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The folder holding the SQLite file (nil on PostgreSQL).
    public var folder: String? {
        if case .sqlite(let path) = settings { return URL(fileURLWithPath: path).deletingLastPathComponent().path }
        return nil
    }

    public func drop() async { await cleanup() }
}

extension PatioDatabase {
    /// Runs `body`, then closes the database whether or not `body` threw: a failing test is then
    /// reported as a failure instead of tripping the connection pool's "not shut down" assertion.
    public func closing<T: Sendable>(_ body: (PatioDatabase) async throws -> T) async throws -> T {
        try await runThenAlways({ try await body(self) }, cleanup: close)
    }
}

extension TestDatabase {
    /// Runs `body` with this database and drops it afterwards, whether or not `body` threw.
    public func dropping<T: Sendable>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        try await runThenAlways({ try await body(self) }, cleanup: drop)
    }
}

/// `body`, then `cleanup` on success and on failure alike (async code cannot use `defer` for this).
private func runThenAlways<T: Sendable>(_ body: () async throws -> T, cleanup: () async -> Void) async throws -> T {
    do {
        let result = try await body()
        await cleanup()
        return result
    } catch {
        await cleanup()
        throw error
    }
}
