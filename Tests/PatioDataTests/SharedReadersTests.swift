import FluentKit
import Foundation
import PatioCore
@testable import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// A model over the notes table, so reads go through Fluent's query builder as module code's do.
final class Note: Model, @unchecked Sendable {
    static let schema = "notes"
    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "body") var body: String
    init() {}
}

@Suite("SQLite reads share their connections", .enabled(if: !TestDatabase.isPostgres), .timeLimit(.minutes(2)))
struct SharedReadersTests {
    @Test("a read never waits for a connection: with a reader held by one task, other reads still answer")
    func noWaitForAConnection() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test, pool: DatabasePool(connections: 1, timeout: .seconds(1))).closing { database in
                try await insertNote(database, "kept")
                let (taken, tookIt) = AsyncStream<Void>.makeStream()
                let (release, releaseIt) = AsyncStream<Void>.makeStream()
                let holder = Task {
                    try await (database.reader as any Database).withConnection { _ in
                        tookIt.yield()
                        for await _ in release { break }
                    }
                }
                for await _ in taken { break }
                // Longer than the pool's timeout: a read waiting for the held connection would fail as overload.
                try await Task.sleep(for: .seconds(1.5))
                #expect(try await noteCount(database) == 1)
                releaseIt.finish()
                try await holder.value
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

@Suite("The gate in front of shared read connections")
struct ReadGateTests {
    @Test("closing waits for the statements running and then refuses new ones")
    func closeWaitsThenRefuses() async throws {
        let gate = ReadGate()
        try gate.enter()
        let closed = Task {
            await gate.close()
            return Date()
        }
        try await Task.sleep(for: .milliseconds(200))
        let left = Date()
        gate.leave()
        let closedAt = await closed.value
        #expect(closedAt >= left, "close returned before the running statement ended")
        #expect(throws: AppError.self) { try gate.enter() }
    }

    @Test("closing with nothing running returns at once")
    func closeWhenIdle() async throws {
        let gate = ReadGate()
        try gate.enter()
        gate.leave()
        await gate.close()
        #expect(throws: AppError.self) { try gate.enter() }
    }
}
