import FluentKit
import Foundation
import PatioCore
@testable import PatioData
import PatioTestSupport
import SQLKit
import Synchronization
import Testing

/// A model over the notes table, so reads go through Fluent's query builder as module code's do.
final class Note: Model, @unchecked Sendable {
    static let schema = "notes"
    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "body") var body: String
    init() {}
}

@Suite("SQLite reads take turns on connections kept open", .enabled(if: !TestDatabase.isPostgres), .timeLimit(.minutes(2)))
struct SharedReadersTests {
    @Test("a task keeping a reader (withConnection) keeps no connection from other reads: they answer past the pool's timeout")
    func noWaitForAConnection() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: DatabasePool(connections: 1, timeout: .seconds(1))).closing { database in
                try await insertNote(database, "kept")
                try await whileAReaderIsHeld(database) {
                    // Longer than the pool's timeout: a read waiting for the held connection would fail as overload.
                    try await Task.sleep(for: .seconds(1.5))
                    #expect(try await noteCount(database) == 1)
                }
            }
        }
    }

    @Test("two hundred reads at once, through SQL and through models, each see every committed note and no other's rows")
    func concurrentReads() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                for index in 0..<50 { try await insertNote(database, "note \(index)") }
                let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                    for index in 0..<200 {
                        group.addTask {
                            if index.isMultiple(of: 2) {
                                return try await Note.query(on: database.reader).sort(\.$id).all().map(\.body)
                            }
                            struct Body: Decodable { let body: String }
                            return try await (database.reader as! any SQLDatabase).raw("SELECT body FROM notes ORDER BY id")
                                .all(decoding: Body.self).map(\.body)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let expected = (0..<50).map { "note \($0)" }
                #expect(answers.count == 200)
                #expect(answers.allSatisfy { $0 == expected })
            }
        }
    }

    @Test("a read asked for after the database closed is refused as 503, not run on a closed connection")
    func readAfterClose() async throws {
        try await TestDatabase.make().dropping { test in
            let database = try await openNotes(test)
            let reader = try database.reader
            await database.close()
            do {
                _ = try await (reader as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM notes").first(decoding: CountRow.self)
                Issue.record("the read should have been refused")
            } catch let error as AppError {
                #expect(error.status.code == 503 && error.code == "database_unavailable")
            }
            do {
                _ = try await Note.query(on: reader).all()
                Issue.record("the model read should have been refused")
            } catch let error as AppError {
                #expect(error.status.code == 503)
            }
        }
    }

    @Test("a reader refuses to open a transaction, since other requests' statements run on its connection")
    func noTransactionOnAReader() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                await #expect(throws: AppError.self) {
                    try await (database.reader as any Database).transaction { _ in }
                }
            }
        }
    }
}

@Suite("Turns on shared read connections")
struct ReadTurnsTests {
    @Test("a connection runs one statement at a time: the next waits for it, then takes the connection given back")
    func oneAtATime() async throws {
        let turns = ReadTurns(connections: 1)
        let first = try await turns.take()
        let second = Task { try await turns.take() }
        try await Task.sleep(for: .milliseconds(200))
        let given = Date()
        turns.give(first)
        let secondIndex = try await second.value
        #expect(first == 0 && secondIndex == 0)
        #expect(Date() >= given)
        turns.give(secondIndex)
    }

    @Test("two connections serve two statements at once")
    func twoAtOnce() async throws {
        let turns = ReadTurns(connections: 2)
        let a = try await turns.take()
        let b = try await turns.take()
        #expect(Set([a, b]) == [0, 1])
        turns.give(a)
        turns.give(b)
    }

    @Test("closing waits for the statements running and then refuses new ones")
    func closeWaitsThenRefuses() async throws {
        let turns = ReadTurns(connections: 1)
        let index = try await turns.take()
        let closed = Task {
            await turns.close()
            return Date()
        }
        try await Task.sleep(for: .milliseconds(200))
        let left = Date()
        turns.give(index)
        let closedAt = await closed.value
        #expect(closedAt >= left, "close returned before the running statement ended")
        await #expect(throws: AppError.self) { _ = try await turns.take() }
    }

    @Test("closing with nothing running returns at once")
    func closeWhenIdle() async throws {
        let turns = ReadTurns(connections: 1)
        turns.give(try await turns.take())
        await turns.close()
        await #expect(throws: AppError.self) { _ = try await turns.take() }
    }
}

@Suite("SQLite reads see every committed write", .enabled(if: !TestDatabase.isPostgres), .timeLimit(.minutes(2)))
struct SharedReadersFreshnessTests {
    @Test("with reads running without pause on every connection, a read after each write sees that write")
    func readsAfterWritesUnderLoad() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let stop = ManagedAtomicFlag()
                // Slow reads back to back: if they overlapped on one connection, its snapshot would never end.
                let load = Task {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<32 {
                            group.addTask {
                                while !stop.isSet {
                                    _ = try await (database.reader as! any SQLDatabase).raw(
                                        """
                                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                                        SELECT COUNT(*) AS n FROM n, (SELECT COUNT(*) FROM notes)
                                        """
                                    ).first(decoding: CountRow.self)
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                defer { stop.set() }
                for index in 1...300 {
                    try await insertNote(database, "note \(index)")
                    let seen = try await noteCount(database)
                    #expect(seen == index, "the read after write \(index) saw \(seen) notes")
                    if seen != index { break }
                }
                stop.set()
                try await load.value
            }
        }
    }
}

/// A flag set once, read from many tasks.
final class ManagedAtomicFlag: Sendable {
    private let flag = Mutex(false)
    var isSet: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
}
