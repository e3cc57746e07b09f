import FluentKit
import Foundation
import Logging
import PatioCore
import PatioData
@testable import PatioPlatform
import PatioTestSupport
import SQLKit
import Testing

@Suite("A collection's rows read straight from its table")
struct SyncTableRowsTests {
    /// Wire names whose sorted order is not the columns' order, one needing more than ASCII.
    static let table = SyncTableRows(
        table: "wire_rows",
        columns: [("name", "zeta", .text), ("count", "Count", .integer), ("flag", "ñandú", .bool), ("code", "code", .text)])

    @Test("each written row is byte for byte its fields written as an object, with its id; ids with no row are left out")
    func writtenIsTheFields() async throws {
        try await withTable { database in
            let ids = [UUID(), UUID(), UUID()]
            let values: [(String, Int, Bool, String)] = [
                ("Bogotá \"D.C.\"\n\t\\ 🚚", -42, true, "11001000"), ("", 1 << 40, false, "05001000"), ("ünïcödé", 0, true, ""),
            ]
            try await database.write { db in
                for (id, value) in zip(ids, values) {
                    try await (try db.sql).raw(
                        """
                        INSERT INTO wire_rows (id, name, count, flag, code)
                        VALUES (\(bind: id), \(bind: value.0), \(bind: value.1), \(bind: value.2), \(bind: value.3))
                        """
                    ).run()
                }
            }
            let asked = ids + [UUID()]
            let rows = try await Self.table.rows(asked, on: try database.reader)
            let written = try await Self.table.written(asked, on: try database.reader)
            #expect(Set(rows.keys) == Set(ids) && Set(written.keys) == Set(ids))
            for (id, value) in zip(ids, values) {
                let fields = try #require(rows[id])
                #expect(
                    fields == [
                        "id": .string(id.wireText), "zeta": .string(value.0), "Count": .number(Double(value.1)), "ñandú": .bool(value.2),
                        "code": .string(value.3),
                    ])
                var expected = JSONText()
                expected.object(fields)
                #expect(String(decoding: try #require(written[id]).bytes, as: UTF8.self) == String(decoding: expected.bytes, as: UTF8.self))
            }
        }
    }

    @Test("a value of another kind in the table is an error for the pull, not a crash or a wrong row")
    func wrongKind() async throws {
        try await withTable { database in
            let id = UUID()
            try await database.write { db in
                try await (try db.sql).raw("INSERT INTO wire_rows (id, name, count, flag, code) VALUES (\(bind: id), NULL, 1, true, 'x')").run()
            }
            await #expect(throws: (any Error).self) { try await Self.table.rows([id], on: try database.reader) }
            await #expect(throws: (any Error).self) { try await Self.table.written([id], on: try database.reader) }
        }
    }

    private func withTable(_ body: (PatioDatabase) async throws -> Void) async throws {
        try await TestDatabase.make().dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test")).closing { database in
                let id = TestDatabase.isPostgres ? "UUID" : "TEXT"
                try await database.write { db in
                    try await (try db.sql).raw(
                        """
                        CREATE TABLE wire_rows (id \(unsafeRaw: id) PRIMARY KEY, name TEXT, count BIGINT NOT NULL, flag BOOLEAN NOT NULL, \
                        code TEXT NOT NULL)
                        """
                    ).run()
                }
                try await body(database)
            }
        }
    }
}
