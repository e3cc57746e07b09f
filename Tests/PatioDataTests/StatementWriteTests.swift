import FluentKit
import Foundation
import PatioData
import PatioTestSupport
import SQLKit
import Synchronization
import Testing

private struct NoteRow: Decodable, Sendable {
    let id: Int
    let body: String
}

private func insert(_ body: String) -> @Sendable (any SQLDatabase) -> SQLQueryString {
    { _ in "INSERT INTO notes (body) VALUES (\(bind: body)) RETURNING id, body" }
}

@Suite("A write of one statement")
struct StatementWriteTests {
    @Test(
        """
        answers the rows its statement returns; a refused statement changes nothing and throws; what runs after the write \
        runs after either, and sees the committed row
        """)
    func answersRowsAndRunsAftermath() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let seenAfter = Mutex<[Int]>([])
                let announcing: @Sendable () async -> Void = {
                    await database.afterWrite { seenAfter.withLock { $0.append(-1) } }
                }
                let rows = try await database.write(statement: insert("first"), decoding: NoteRow.self) {
                    await database.afterWrite {
                        let count = (try? await noteCount(database)) ?? -1
                        seenAfter.withLock { $0.append(count) }
                    }
                }
                #expect(rows.map(\.body) == ["first"])
                #expect(seenAfter.withLock { $0 } == [1])

                await #expect(throws: (any Error).self) {
                    _ = try await database.write(statement: insert("first"), decoding: NoteRow.self, announcing: announcing)
                }
                #expect(seenAfter.withLock { $0 } == [1, -1])
                #expect(try await noteCount(database) == 1)
            }
        }
    }

    @Test("inside another write it joins that write: rolled back with it")
    func joinsTheWriteAroundIt() async throws {
        struct Refused: Error {}
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                await #expect(throws: Refused.self) {
                    try await database.write { _ in
                        let rows = try await database.write(statement: insert("inner"), decoding: NoteRow.self)
                        #expect(rows.count == 1)
                        throw Refused()
                    }
                }
                let count = try await noteCount(database)
                #expect(count == 0)
            }
        }
    }

    @Test(
        """
        on PostgreSQL its notices go out with the statement: heard for a statement that changed a row, never for one that was \
        refused or changed nothing
        """,
        .enabled(if: TestDatabase.isPostgres, "SQLite is one process; it has no notifications"))
    func noticesRideOnTheStatement() async throws {
        let channel = "patio_statement_write_test"
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let (heard, hear) = AsyncStream<String>.makeStream()
                let (listening, listens) = AsyncStream<Void>.makeStream()
                let listener = Task {
                    await database.listen(channel: channel, listening: { _ in listens.yield() }, received: { hear.yield($0) })
                }
                defer { listener.cancel() }
                for await _ in listening { break }
                let announce: @Sendable (String) -> @Sendable () async -> Void = { payload in
                    { try? await database.notify(channel: channel, payload: payload) }
                }
                let nothing: @Sendable (any SQLDatabase) -> SQLQueryString = { _ in
                    "UPDATE notes SET body = 'x' WHERE body = 'none' RETURNING id, body"
                }
                #expect(try await database.write(statement: nothing, decoding: NoteRow.self, announcing: announce("nothing")).isEmpty)
                _ = try await database.write(statement: insert("kept"), decoding: NoteRow.self, announcing: announce("kept"))
                await #expect(throws: (any Error).self) {
                    _ = try await database.write(statement: insert("kept"), decoding: NoteRow.self, announcing: announce("refused"))
                }
                // A notice outside any write marks the end: PostgreSQL delivers a listener's notices in commit order.
                try await database.notify(channel: channel, payload: "end")
                var received: [String] = []
                for await payload in heard {
                    received.append(payload)
                    if payload == "end" { break }
                }
                #expect(received == ["kept", "end"])
            }
        }
    }
}
