import AsyncKit
import FluentKit
import Foundation
import Logging
import PatioCore
import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// Whether an advisory lock `key` is held in this database by some session (PostgreSQL).
private func isHeld(_ key: Int, on sql: any SQLDatabase) async throws -> Bool {
    struct Count: Decodable { var count: Int }
    let held = try await sql.raw(
        """
        SELECT count(*) AS count FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = \(literal: key)
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
        """
    ).first(decoding: Count.self)
    return (held?.count ?? 0) > 0
}

/// Takes advisory lock `first`, waits until another session holds `second`, then asks for `second`.
private func lockCrosswise(_ database: PatioDatabase, first: Int, second: Int) async throws {
    try await database.write { db in
        let sql = try db.sql
        try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: first))").run()
        // A guard against a hang, not a measurement: the other transaction takes its first lock at once.
        for _ in 0..<200 where try await !isHeld(second, on: sql) { try await Task.sleep(for: .milliseconds(50)) }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: second))").run()
    }
}

@Suite("Database overload answers")
struct DatabaseOverloadTests {
    @Test("no connection within the pool's timeout is 503 overloaded with Retry-After, not an internal error")
    func poolTimeout() throws {
        let problem = try #require(AppError.databaseOverload(from: ConnectionPoolTimeoutError.connectionRequestTimeout))
        #expect(problem.status.code == 503 && problem.code == "overloaded")
        #expect(Int(problem.headers["Retry-After"] ?? "") ?? 0 >= 1)
    }

    @Test("a shut-down pool is 503 database_unavailable; other errors are not overload")
    func otherErrors() {
        #expect(AppError.databaseOverload(from: ConnectionPoolError.shutdown)?.code == "database_unavailable")
        struct SomethingElse: Error {}
        #expect(AppError.databaseOverload(from: SomethingElse()) == nil)
    }

    // On SQLite reads keep their connections open and take turns on them, without the pool (SharedReadersTests).
    @Test(
        "the pool's timeout is real: a query that cannot get the one connection fails as overload instead of waiting on",
        .enabled(if: TestDatabase.isPostgres))
    func timeoutIsOverload() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: DatabasePool(connections: 1, timeout: .seconds(1))).closing { database in
                // A task outside any write takes the only connection the read pool has, and keeps it.
                try await whileAReaderIsHeld(database) {
                    do {
                        _ = try await noteCount(database)
                        Issue.record("the read should have found no free connection")
                    } catch {
                        #expect(AppError.databaseOverload(from: error)?.status.code == 503, "\(error)")
                    }
                }
            }
        }
    }

    @Test(
        "two PostgreSQL transactions waiting for each other: the one PostgreSQL ends answers 503 with Retry-After, and the other commits",
        .enabled(if: TestDatabase.isPostgres, "deadlocks between transactions happen only on PostgreSQL; SQLite has one writer"))
    func deadlockIsOverload() async throws {
        try await TestDatabase.make().dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test")).closing { database in
                let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
                    group.addTask {
                        do { try await lockCrosswise(database, first: 7_101, second: 7_102) } catch { return error }
                        return nil
                    }
                    group.addTask {
                        do { try await lockCrosswise(database, first: 7_102, second: 7_101) } catch { return error }
                        return nil
                    }
                    return await group.reduce(into: [(any Error)?]()) { $0.append($1) }
                }
                let errors = outcomes.compactMap { $0 }
                #expect(errors.count == 1, "one of the two is ended, the other commits: \(errors)")
                let problem = try #require(errors.first.flatMap { AppError.databaseOverload(from: $0) })
                #expect(problem.status == .serviceUnavailable && problem.headers["Retry-After"] == "1")
            }
        }
    }

    @Test(
        "any other PostgreSQL error is not load: a statement PostgreSQL cannot parse stays a server error",
        .enabled(if: TestDatabase.isPostgres, "the error is PostgreSQL's"))
    func otherErrorsAreNotOverload() async throws {
        try await TestDatabase.make().dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test")).closing { database in
                let error = await #expect(throws: (any Error).self) { try await (try database.reader.sql).raw("SELEC 1").run() }
                #expect(error.flatMap { AppError.databaseOverload(from: $0) } == nil)
            }
        }
    }
}
