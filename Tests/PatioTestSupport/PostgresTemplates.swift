import Crypto
import FluentKit
import Foundation
import Logging
import PatioData
import SQLKit

/// Migrated PostgreSQL databases that each test's database is copied from (`CREATE DATABASE … TEMPLATE`),
/// one per set of migrations, made the first time a test asks for it in this process.
///
/// Running every migration for every test kept the PostgreSQL phase's server and the test process busy with
/// hundreds of schema statements per test; a copy is one statement. Tests still get a database of their own,
/// empty but for what the migrations themselves write.
actor PostgresTemplates {
    static let shared = PostgresTemplates()

    private var templates: [String: Task<String, any Error>] = [:]

    /// The template migrated with `migrations`, made on first use.
    func template(adminURL: String, migrations: [any Migration]) async throws -> String {
        let names = migrations.map { String(reflecting: type(of: $0)) }.joined(separator: ",")
        let key = SHA256.hash(data: Data(names.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        if let existing = templates[key] { return try await existing.value }
        let name = "patio_tpl_\(key)_\(UUID().uuidString.prefix(8).lowercased())"
        let task = Task<String, any Error> {
            try await Self.admin(adminURL) { try await $0.raw(SQLQueryString("CREATE DATABASE \(unsafeRaw: name)")).run() }
            var registry = MigrationRegistry()
            registry.add(migrations)
            let database = try await PatioDatabase.open(
                .postgres(url: Self.url(adminURL, database: name)), logger: Logger(label: "test-template"), readerConnections: 1)
            try await database.closing { try await $0.migrate(registry) }
            return name
        }
        templates[key] = task
        return try await task.value
    }

    /// Copies `template` into a new database `name`. PostgreSQL refuses a copy while another session is
    /// copying the same template, so a refused copy waits a moment and tries again.
    static func copy(_ template: String, to name: String, adminURL: String) async throws {
        var attempt = 0
        while true {
            do {
                try await admin(adminURL) {
                    try await $0.raw(SQLQueryString("CREATE DATABASE \(unsafeRaw: name) TEMPLATE \(unsafeRaw: template)")).run()
                }
                return
            } catch {
                attempt += 1
                guard attempt < 200, String(reflecting: error).contains("being accessed by other users") else { throw error }
                try await Task.sleep(for: .milliseconds(25 + Int.random(in: 0..<50)))
            }
        }
    }

    static func admin(_ adminURL: String, _ body: @Sendable (any SQLDatabase) async throws -> Void) async throws {
        try await PatioDatabase.open(.postgres(url: adminURL), logger: Logger(label: "test-admin"), readerConnections: 1).closing { admin in
            try await body(admin.maintenance as! any SQLDatabase)
        }
    }

    static func url(_ adminURL: String, database: String) -> String {
        var components = URLComponents(string: adminURL)
        components?.path = "/\(database)"
        return components?.string ?? adminURL
    }
}
