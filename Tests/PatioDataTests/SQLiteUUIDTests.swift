import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioTestSupport
import SQLKit
import Testing

@Suite("Ids in SQLite", .enabled(if: !TestDatabase.isPostgres))
struct SQLiteUUIDTests {
    private struct Text: Decodable { let body: String }
    private struct ID: Decodable { let body: UUID }
    private struct MaybeID: Decodable { let body: UUID? }

    @Test("an id is stored as the upper-case text it always was, and read back as the same id")
    func storedAsBefore() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let id = UUID()
                try await database.write { db in try await (try db.sql).raw("INSERT INTO notes (body) VALUES (\(bind: id))").run() }
                let sql = try database.reader.sql
                #expect(try await sql.raw("SELECT body FROM notes").first(decoding: Text.self)?.body == id.uuidString)
                #expect(try await sql.raw("SELECT body FROM notes").first(decoding: ID.self)?.body == id)
                #expect(try await sql.raw("SELECT body FROM notes WHERE body = \(bind: id)").first(decoding: MaybeID.self)?.body == id)
            }
        }
    }

    @Test("lower-case text reads as the same id; text that is no id is a decoding error, not a crash or another id")
    func readingText() async throws {
        try await TestDatabase.make().dropping { test in
            try await openNotes(test).closing { database in
                let id = UUID()
                for text in [id.uuidString.lowercased(), "not an id", id.uuidString + "0", String(id.uuidString.dropLast())] {
                    try await database.write { db in
                        try await (try db.sql).raw("DELETE FROM notes").run()
                        try await (try db.sql).raw("INSERT INTO notes (body) VALUES (\(bind: text))").run()
                    }
                    let read = try? await (try database.reader.sql).raw("SELECT body FROM notes").first(decoding: ID.self)
                    #expect(read?.body == (text == id.uuidString.lowercased() ? id : nil), "\(text)")
                }
            }
        }
    }
}
