import Foundation
import Logging
import PatioCore
@testable import PatioData
import PatioTestSupport
import SQLKit
import Testing

/// A newest-first list paged through its cursor shows every row once, on SQLite and PostgreSQL alike —
/// whatever fraction of a microsecond the times were written with.
@Suite("Newest-first cursors")
struct NewestFirstCursorTests {
    private struct Row: Decodable { let id: UUID; let at: Date }

    /// Pages of two through `items`, each page after the last row of the one before, as the wallet and the
    /// academy's payments do.
    private static func pageThrough(_ sql: any SQLDatabase, strict: Bool) async throws -> [UUID] {
        var seen: [UUID] = [], after: (Date, UUID)?
        for _ in 0..<10 {
            let condition: SQLQueryString =
                after.map { time, id in
                    strict
                        ? "(at < \(bind: time) OR (at = \(bind: time) AND id < \(bind: id)))"
                        : NewestFirstCursor.after(time: time, id: id, timeColumn: "at", idColumn: "id")
                } ?? "1 = 1"
            let rows = try await sql.raw("SELECT id, at FROM items WHERE \(condition) ORDER BY at DESC, id DESC LIMIT 2").all(decoding: Row.self)
            guard let last = rows.last else { break }
            seen += rows.map(\.id)
            // The cursor carries the time as read back, through its text form, as CursorPageRequest does.
            let cursor = CursorPageRequest.cursor(after: last.at, id: last.id)
            after = try #require(try CursorPageRequest(limit: "2", cursor: cursor).timeAndID())
        }
        return seen
    }

    @Test("times written with a fraction of a microsecond (as Date() gives them) page without a row repeated or lost; compared exactly, they repeat")
    func fractionsOfAMicrosecond() async throws {
        try await TestDatabase.make().dropping { test in
            let database = try await PatioDatabase.open(test.settings, logger: Logger(label: "test"))
            try await database.closing { database in
                let sql = try database.maintenance as! any SQLDatabase
                let timestamp = TestDatabase.isPostgres ? "TIMESTAMPTZ" : "REAL"
                try await sql.raw("CREATE TABLE items (id UUID PRIMARY KEY, at \(unsafeRaw: timestamp) NOT NULL)").run()
                // Each time ends in 0.7 µs: SQLite keeps it, its driver reads it back rounded up.
                let base = Date(timeIntervalSinceReferenceDate: 817_000_000.000_000_7)
                var written: [UUID] = []
                for second in 0..<5 {
                    let id = UUID()
                    written.append(id)
                    try await sql.raw("INSERT INTO items (id, at) VALUES (\(bind: id), \(bind: base.addingTimeInterval(Double(second))))").run()
                }
                let paged = try await Self.pageThrough(sql, strict: false)
                #expect(paged.count == 5 && Set(paged) == Set(written), "every row once: \(paged.count)")
                if !TestDatabase.isPostgres {
                    // What the lists did before: the last row of each page came back as the first of the next.
                    let strict = try await Self.pageThrough(sql, strict: true)
                    #expect(strict.count > 5, "an exact comparison repeats rows on SQLite: \(strict.count)")
                }
            }
        }
    }

    @Test("Patio's clocks give out whole microseconds, which read back from either database as they were written")
    func clocksTickInMicroseconds() {
        let now = PatioClock.system.now()
        #expect(now == now.wholeMicroseconds)
        let manual = ManualClock(Date(timeIntervalSinceReferenceDate: 817_000_000.000_000_7))
        #expect(manual.date.timeIntervalSinceReferenceDate == 817_000_000.000_001)
        manual.advance(by: 0.000_000_3)
        #expect(manual.date == manual.date.wholeMicroseconds)
    }
}
