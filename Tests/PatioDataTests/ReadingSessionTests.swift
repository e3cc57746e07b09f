import FluentKit
import Foundation
import PatioCore
@testable import PatioData
import PatioTestSupport
import SQLKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The thread the current job runs on.
private func currentThread() -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self())))) }

/// Runs `body` inside `reading` while another task is inside one too, so `body`'s reading is pinned.
private func whileAnotherReads<T: Sendable>(_ database: PatioDatabase, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let (entered, enter) = AsyncStream<Void>.makeStream()
    let (release, releaseIt) = AsyncStream<Void>.makeStream()
    let other = Task {
        try await database.reading {
            enter.yield()
            for await _ in release { break }
        }
    }
    for await _ in entered { break }
    defer { releaseIt.finish() }
    let value = try await database.reading { try await body() }
    releaseIt.finish()
    try await other.value
    return value
}

@Suite("A request's reads on one read connection's thread", .enabled(if: !TestDatabase.isPostgres), .timeLimit(.minutes(2)))
struct ReadingSessionTests {
    @Test("with another request reading, a request's statements, SQL and model alike, run on its connection's thread and resume there")
    func pinnedReadsStayOnOneThread() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                try await insertNote(database, "first")
                let threads = try await whileAnotherReads(database) {
                    var seen = [currentThread()]
                    for _ in 0..<5 {
                        _ = try await noteCount(database)
                        seen.append(currentThread())
                        _ = try await Note.query(on: database.reader).all()
                        seen.append(currentThread())
                    }
                    return seen
                }
                #expect(Set(threads).count == 1, "the reads resumed on \(Set(threads).count) threads")
            }
        }
    }

    @Test("alone, a request is not pinned: its concurrent reads may use every connection")
    func aloneIsNotPinned() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let pinned = try await database.reading { ReadSession.current != nil }
                #expect(!pinned)
                let pinnedBeside = try await whileAnotherReads(database) { ReadSession.current != nil }
                #expect(pinnedBeside)
            }
        }
    }

    @Test("requests reading at once are pinned to different connections, the least busy first")
    func sessionsSpread() async throws {
        let turns = ReadTurns(connections: 2)
        let alone = turns.startSession()
        let second = turns.startSession()
        let third = turns.startSession()
        #expect(alone == nil)
        #expect(Set([second, third].compactMap { $0 }) == [0, 1])
        turns.endSession(second)
        #expect(turns.startSession() == second, "the connection given back has the fewest sessions")
    }

    @Test("pinned reads see every write committed before them, with other pinned requests reading without pause")
    func pinnedReadsAreFresh() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let stop = ManagedAtomicFlag()
                let load = Task {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<8 {
                            group.addTask {
                                try await database.reading {
                                    while !stop.isSet { _ = try await noteCount(database) }
                                }
                            }
                        }
                        try await group.waitForAll()
                    }
                }
                defer { stop.set() }
                try await database.reading {
                    for index in 1...100 {
                        try await insertNote(database, "note \(index)")
                        let seen = try await noteCount(database)
                        #expect(seen == index, "the read after write \(index) saw \(seen) notes")
                        if seen != index { break }
                    }
                }
                stop.set()
                try await load.value
            }
        }
    }

    @Test("inside a write, reading reads the write's own transaction, uncommitted rows included")
    func readingInsideAWrite() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let seen = try await database.write { db in
                    try await (db as! any SQLDatabase).raw("INSERT INTO notes (body) VALUES ('uncommitted')").run()
                    return try await database.reading { try await noteCount(database) }
                }
                #expect(seen == 1)
            }
        }
    }

    @Test("a pinned read asked for after the database closed is refused as 503")
    func pinnedReadAfterClose() async throws {
        try await TestDatabase.make().dropping { test in
            let database = try await openNotes(test)
            let reader = try database.reader
            let refused = Task {
                try await whileAnotherReads(database) {
                    while true {
                        do {
                            _ = try await (reader as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM notes").first(decoding: CountRow.self)
                        } catch let error as AppError {
                            return error
                        }
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            try await Task.sleep(for: .milliseconds(100))
            let closing = Task { await database.close() }
            let error = try await refused.value
            await closing.value
            #expect(error.status.code == 503 && error.code == "database_unavailable")
        }
    }
}
