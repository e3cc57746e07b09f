import FluentKit
import Foundation
import Logging
import PatioData
import PatioTestSupport
import SQLKit
import Testing

@Suite("Rows lent in place: text read as the bytes the database holds")
struct LentRowTests {
    private struct Read: Equatable {
        var seq: Int
        var flag: Bool
        var text: String?
    }

    @Test("each row's numbers, flags and text read as SQLColumns reads them, NUL and multi-byte text intact, on reads and inside a write")
    func sameAsColumns() async throws {
        try await withTable { database in
            // PostgreSQL's text holds no NUL; SQLite's does, and a read by the text's length keeps it.
            let texts: [String?] = ["Bogotá \"D.C.\"\n", nil, TestDatabase.isPostgres ? "a b" : "a\u{0}b", "", String(repeating: "ñ", count: 5_000)]
            try await database.write { db in
                for (seq, text) in texts.enumerated() {
                    try await (try db.sql).raw(
                        "INSERT INTO lent_rows (seq, flag, data) VALUES (\(bind: seq - 2), \(bind: seq.isMultiple(of: 2)), \(bind: text))"
                    ).run()
                }
            }
            let select: SQLQueryString = "SELECT seq, flag, data FROM lent_rows ORDER BY seq"
            let expected = texts.enumerated().map { Read(seq: $0.offset - 2, flag: $0.offset.isMultiple(of: 2), text: $0.element) }
            #expect(try await Self.lent(select, on: try database.reader.sql) == expected)
            #expect(try await database.write { db in try await Self.lent(select, on: try db.sql) } == expected)
            let columns = try await (try database.reader.sql).raw(select).all().map { row in
                var columns = SQLColumns(row)
                return Read(seq: try columns.int(0), flag: try columns.bool(1), text: try columns.optionalString(2))
            }
            #expect(columns == expected)
        }
    }

    @Test("a place past the last column, or a value of another kind, throws and stops the read; nothing crashes")
    func refusals() async throws {
        try await withTable { database in
            try await database.write { db in
                try await (try db.sql).raw("INSERT INTO lent_rows (seq, flag, data) VALUES (1, true, 'x'), (2, false, NULL)").run()
            }
            let sql = try database.reader.sql
            let select: SQLQueryString = "SELECT seq, flag, data FROM lent_rows ORDER BY seq"
            var misreads: [(String, (inout LentRow) throws -> Void)] = [
                ("past the last column", { _ = try $0.int(3) }),
                ("before the first", { _ = try $0.int(-1) }),
                ("text as a number", { _ = try $0.int(2) }),
            ]
            // PostgreSQL's driver reads a number as its digits, there as everywhere Patio reads its rows (`SQLColumns`).
            if !TestDatabase.isPostgres { misreads.append(("a number as text", { _ = try $0.withOptionalText(0) { $0 } })) }
            for (what, misread) in misreads {
                var seen = 0
                await #expect(throws: (any Error).self, "\(what)") {
                    try await sql.lendRows(select) { row in
                        seen += 1
                        try misread(&row)
                    }
                }
                #expect(seen == 1, "\(what)")
            }
            // The connection is usable again at once: the failed read's statement was reset.
            #expect(try await Self.lent(select, on: sql).map(\.seq) == [1, 2])
        }
    }

    private static func lent(_ query: SQLQueryString, on sql: any SQLDatabase) async throws -> [Read] {
        var rows: [Read] = []
        try await sql.lendRows(query) { row in
            let text = try row.withOptionalText(2) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
            rows.append(Read(seq: try row.int(0), flag: try row.bool(1), text: text))
        }
        return rows
    }

    private func withTable(_ body: (PatioDatabase) async throws -> Void) async throws {
        try await TestDatabase.make().dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test")).closing { database in
                try await database.write { db in
                    try await (try db.sql).raw("CREATE TABLE lent_rows (seq BIGINT NOT NULL, flag BOOLEAN NOT NULL, data TEXT)").run()
                }
                try await body(database)
            }
        }
    }
}
