import FluentKit
import Foundation
import Logging
import NIOConcurrencyHelpers
import PatioCore
import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// A one-table schema for exercising the writer without any Patio domain.
struct CreateNotes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database as! any SQLDatabase
        let key = sql.dialect.name == "sqlite" ? "INTEGER PRIMARY KEY" : "SERIAL PRIMARY KEY"
        try await sql.raw(SQLQueryString("CREATE TABLE notes (id \(unsafeRaw: key), body TEXT NOT NULL UNIQUE)")).run()
    }
    func revert(on database: any Database) async throws {
        try await (database as! any SQLDatabase).raw("DROP TABLE notes").run()
    }
}

struct CountRow: Decodable { let n: Int }

func noteCount(_ database: PatioDatabase) async throws -> Int {
    try await (database.reader as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM notes").first(decoding: CountRow.self)!.n
}

func insertNote(_ database: PatioDatabase, _ body: String) async throws {
    try await database.write { db in
        try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES (\(bind: body))").run()
    }
}

/// Runs `body` while another task holds a read connection (`withConnection`) outside any write.
func whileAReaderIsHeld(_ database: PatioDatabase, _ body: () async throws -> Void) async throws {
    let (taken, tookIt) = AsyncStream<Void>.makeStream()
    let (release, releaseIt) = AsyncStream<Void>.makeStream()
    let holder = Task {
        try await (database.reader as any Database).withConnection { _ in
            tookIt.yield()
            for await _ in release { break }
        }
    }
    for await _ in taken { break }
    defer { releaseIt.finish() }
    try await body()
    releaseIt.finish()
    try await holder.value
}

func openNotes(_ test: TestDatabase, pool: DatabasePool = DatabasePool()) async throws -> PatioDatabase {
    let database = try await PatioDatabase.open(test.settings, logger: Logger(label: "test"), pool: pool)
    var registry = MigrationRegistry()
    registry.add([CreateNotes()])
    do {
        try await database.migrate(registry)
    } catch {
        await database.close()
        throw error
    }
    return database
}

@Suite("Durable writes")
struct WriteQueueTests {
    @Test("many concurrent writes all commit and are readable once they return")
    func concurrentWritesCommit() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            try await insertNote(database, "note \(index)")
                            // Returned means committed: a read on another connection already sees it.
                            let seen = try await (database.reader as! any SQLDatabase)
                                .raw("SELECT COUNT(*) AS n FROM notes WHERE body = \(bind: "note \(index)")").first(decoding: CountRow.self)!.n
                            #expect(seen == 1)
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await noteCount(database) == 200)
            }
        }
    }

    @Test("a failing write rolls back only itself; writes beside it in the same batch survive")
    func failureIsIsolated() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                try await insertNote(database, "taken")
                let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<50 {
                        group.addTask {
                            do {
                                // Every tenth write collides with the unique body and must fail alone.
                                try await database.write { db in
                                    let sql = db as! any SQLDatabase
                                    try await sql.raw("INSERT INTO notes (body) VALUES (\(bind: "partial \(index)"))").run()
                                    try await sql.raw("INSERT INTO notes (body) VALUES (\(bind: index % 10 == 0 ? "taken" : "ok \(index)"))").run()
                                }
                                return true
                            } catch {
                                return false
                            }
                        }
                    }
                    var outcomes: [Bool] = []
                    for try await outcome in group { outcomes.append(outcome) }
                    return outcomes
                }
                #expect(results.filter { !$0 }.count == 5)
                // 1 + 45 successful writes × 2 rows; none of the failed writes' first rows remain.
                #expect(try await noteCount(database) == 1 + 45 * 2)
            }
        }
    }

    @Test(
        "every write runs with fsync on each commit and a busy timeout, the first and those after a failed write alike",
        .enabled(if: !TestDatabase.isPostgres))
    func durabilitySettingsHold() async throws {
        struct Setting: Decodable { let synchronous: Int }
        struct Timeout: Decodable { let timeout: Int }
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                @Sendable func settings() async throws -> (Int, Int) {
                    try await database.write { db in
                        let sql = db as! any SQLDatabase
                        let synchronous = try await sql.raw("PRAGMA synchronous").first(decoding: Setting.self)!.synchronous
                        let timeout = try await sql.raw("PRAGMA busy_timeout").first(decoding: Timeout.self)!.timeout
                        return (synchronous, timeout)
                    }
                }
                // 2 is FULL: the write-ahead log is synced at every commit, so "committed" survives power loss.
                #expect(try await settings() == (2, 5000))
                try await insertNote(database, "duplicate")
                await #expect(throws: (any Error).self) { try await insertNote(database, "duplicate") }
                #expect(try await settings() == (2, 5000))
                // Batches in which half the writes fail (each failing only itself) leave the next write with the
                // same settings.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<20 { group.addTask { try? await insertNote(database, index % 2 == 0 ? "duplicate" : "fresh \(index)") } }
                    try await group.waitForAll()
                }
                #expect(try await settings() == (2, 5000))
            }
        }
    }

    @Test("data survives closing and reopening the database")
    func restartKeepsData() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                for index in 0..<10 { try await insertNote(database, "kept \(index)") }
            }
            let count = try await openNotes(test).closing { database in try await noteCount(database) }
            #expect(count == 10)
        }
    }

    @Test("a backup taken under write load restores to a database that passes integrity_check", .enabled(if: !TestDatabase.isPostgres))
    func backupUnderLoad() async throws {
        try await TestDatabase.make().dropping { test in
            let backupPath = test.folder! + "/backup.sqlite"
            try await openNotes(test).closing { database in
                let writer = Task {
                    for index in 0..<400 { try await insertNote(database, "load \(index)") }
                }
                try await Task.sleep(for: .milliseconds(50))
                try await database.backup(to: backupPath)
                try await writer.value
                await #expect(throws: DatabaseMaintenanceError.self) { try await database.backup(to: backupPath) }
            }
            try await PatioDatabase.open(.sqlite(path: backupPath), logger: Logger(label: "restored")).closing { restored in
                #expect(try await restored.integrityCheck() == "ok")
                let copied = try await noteCount(restored)
                #expect(copied >= 0 && copied <= 400)
                // The copy is a consistent snapshot: rows are a prefix of the writes, with no gaps.
                let bodies = try await (restored.reader as! any SQLDatabase).raw("SELECT body FROM notes ORDER BY id").all(
                    decoding: [String: String].self)
                #expect(bodies.map { $0["body"]! } == (0..<copied).map { "load \($0)" })
            }
        }
    }

    @Test(
        "on SQLite a write sets its request's turn down while it waits for the commit, and takes one up only once it is durable",
        .enabled(if: !TestDatabase.isPostgres))
    func turnSetDownWhileCommitting() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let events = NIOLockedValueBox<[String]>([])
                let turn = WorkTurn(
                    setDown: { events.withLockedValue { $0.append("set down") } },
                    takeUp: { events.withLockedValue { $0.append("taken up") } })
                try await WorkTurn.$current.withValue(turn) {
                    try await database.write { db in
                        events.withLockedValue { $0.append("written") }
                        try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES ('kept')").run()
                    }
                    // Read from another connection: taken up means committed.
                    #expect(try await noteCount(database) == 1)
                    do {
                        try await insertNote(database, "kept")
                        Issue.record("a duplicate note was written")
                    } catch {}
                }
                #expect(events.withLockedValue { $0 } == ["set down", "written", "taken up", "set down", "taken up"])
                // Outside a request there is no turn, and writes go as before.
                try await insertNote(database, "another")
                #expect(try await noteCount(database) == 2)
            }
        }
    }
}
