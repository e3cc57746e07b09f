import AsyncKit
import FluentKit
import Foundation
import Logging
import PatioCore
@testable import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// One connection: a request that held its connection while asking for a second one would wait on itself
/// until the pool gave up. The wait is long because twenty transactions in turn, each waiting for its
/// commit to reach the disk, can take minutes on a busy machine running the whole PostgreSQL suite.
private let oneConnection = DatabasePool(connections: 1, timeout: .seconds(240))

/// A write that reads through the app-wide `reader` and calls a service that writes through the app-wide
/// `write`, as domain code does when it calls another service from inside its transaction.
private func writeThatReadsAndWritesAgain(_ database: PatioDatabase, _ body: String) async throws -> Int {
    try await database.write { db in
        try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES (\(bind: body))").run()
        try await insertNote(database, body + " (inner)")
        return try await noteCount(database)
    }
}

// A guard against a hang, not a measurement: before reads and writes inside a write used its connection,
// a write inside a write on SQLite waited for the very queue it was running on, forever. The limit sits
// above the pool's wait, so a write waiting for a connection its own task holds fails as a pool timeout.
@Suite("A request holds one connection at a time", .timeLimit(.minutes(5)))
struct HeldConnectionTests {
    @Test(
        """
        inside a write, reads and writes through the database use the write's own connection: with a pool of one nothing waits, and the read \
        sees the write
        """
    )
    func nestedUseOfTheDatabase() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: oneConnection).closing { database in
                let seenInside = try await writeThatReadsAndWritesAgain(database, "outer")
                let seenAfter = try await noteCount(database)
                #expect(seenInside == 2 && seenAfter == 2)
            }
        }
    }

    @Test("twenty such requests at once on a pool of one all commit")
    func concurrentNestedUse() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: oneConnection).closing { database in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<20 {
                        group.addTask { _ = try await writeThatReadsAndWritesAgain(database, "request \(index)") }
                    }
                    try await group.waitForAll()
                }
                #expect(try await noteCount(database) == 40)
            }
        }
    }

    @Test("a write inside a write that fails undoes only its own changes; the outer write commits")
    func failingInnerWrite() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: oneConnection).closing { database in
                try await insertNote(database, "taken")
                let innerFailed = try await database.write { db in
                    try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES ('outer')").run()
                    do {
                        try await database.write { inner in
                            let sql = inner as! any SQLDatabase
                            try await sql.raw("INSERT INTO notes (body) VALUES ('inner, undone')").run()
                            try await sql.raw("INSERT INTO notes (body) VALUES ('taken')").run()
                        }
                        return false
                    } catch {
                        return true
                    }
                }
                #expect(innerFailed)
                let bodies = try await (database.reader as! any SQLDatabase).raw("SELECT body FROM notes ORDER BY body").all(
                    decoding: [String: String].self)
                #expect(bodies.map { $0["body"] } == ["outer", "taken"])
            }
        }
    }

    @Test("a write that fails after an inner write succeeded rolls the inner write back with it")
    func innerWriteCommitsWithOuter() async throws {
        struct Refused: Error {}
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: oneConnection).closing { database in
                await #expect(throws: Refused.self) {
                    try await database.write { _ in
                        try await insertNote(database, "inner")
                        throw Refused()
                    }
                }
                let left = try await noteCount(database)
                #expect(left == 0)
            }
        }
    }

    @Test(
        "a write whose commit is refused throws, keeps nothing, and leaves its connection ready for the next write",
        .enabled(if: TestDatabase.isPostgres, "SQLite checks no constraint at commit"))
    func refusedCommit() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: oneConnection).closing { database in
                try await database.write { db in
                    try await (db as! any SQLDatabase).raw(
                        "ALTER TABLE notes ADD CONSTRAINT notes_body_once UNIQUE (body) DEFERRABLE INITIALLY DEFERRED"
                    ).run()
                }
                // Checked only at COMMIT: both rows go in, and the commit is what fails.
                await #expect {
                    try await database.write { db in
                        try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES ('twice'), ('twice')").run()
                    }
                } throws: { error in
                    (error as? any DatabaseError)?.isConstraintFailure == true
                }
                #expect(try await noteCount(database) == 0)
                try await insertNote(database, "next")
                #expect(try await noteCount(database) == 1)
            }
        }
    }

    @Test("a pool of one is one connection, not one per core; a larger pool is spread over every core")
    func poolLayout() {
        let one = DatabasePool(connections: 1).layout(loopCount: 8, defaultPerLoop: 4)
        #expect(one.loops == 1 && one.perLoop == 1)
        let many = DatabasePool(connections: 64).layout(loopCount: 8, defaultPerLoop: 4)
        #expect(many.loops == 8 && many.perLoop == 8)
        let uneven = DatabasePool(connections: 3).layout(loopCount: 2, defaultPerLoop: 4)
        #expect(uneven.loops * uneven.perLoop <= 3 && uneven.loops * uneven.perLoop >= 2)
        let standard = DatabasePool().layout(loopCount: 2, defaultPerLoop: 4)
        #expect(standard.loops == 2 && standard.perLoop == 4)
    }
}
