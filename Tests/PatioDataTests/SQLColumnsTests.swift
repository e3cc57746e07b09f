import FluentKit
import Foundation
import Logging
import PatioData
import PatioTestSupport
import SQLKit
import Testing

@Suite("Columns read by their place in the SELECT")
struct SQLColumnsTests {
    private struct Named: Decodable {
        let id: UUID
        let name: String
        let note: String?
        let count: Int
        let ratio: Double
        let flag: Bool
        let at: Date
        let seen: Date?
        let weight: Double?
    }

    @Test("each value reads as decoding it by name reads it, on reads and inside a write, from statements sent unnamed or kept prepared")
    func sameAsByName() async throws {
        try await withTable { database in
            let at = Date(timeIntervalSince1970: 1_795_000_000.5)
            let rows: [(UUID, String, String?, Int, Double, Bool, Date, Date?, Double?)] = [
                (UUID(), "Bogotá \"D.C.\"", nil, -3, 0.25, true, at, nil, 4.6097),
                (UUID(), "", "nota", Int(Int32.max) + 7, 12, false, at.addingTimeInterval(60), at, nil),
            ]
            try await database.write { db in
                for row in rows {
                    try await (try db.sql).raw(
                        """
                        INSERT INTO wire_rows (id, name, note, count, ratio, flag, at, seen, weight)
                        VALUES (\(bind: row.0), \(bind: row.1), \(bind: row.2), \(bind: row.3), \(bind: row.4), \(bind: row.5), \(bind: row.6),
                          \(bind: row.7), \(bind: row.8))
                        """
                    ).run()
                }
            }
            let select = SQLQueryString("SELECT id, name, note, count, ratio, flag, at, seen, weight FROM wire_rows ORDER BY count")
            let inWrite = try await database.write { db in try await (try db.sql).raw(select).all() }
            let keptInWrite = try await database.write { db in try await (try db.sql).keptPrepared.raw(select).all() }
            let kept = try await (try database.reader.sql).keptPrepared.raw(select).all()
            for read in [try await (try database.reader.sql).raw(select).all(), inWrite, kept, keptInWrite] {
                #expect(read.count == 2)
                #expect(
                    try read.map {
                        var columns = SQLColumns($0); return try columns.optionalDate(7)
                    } == [nil, at])
                for row in read {
                    let named = try row.decode(model: Named.self)
                    var columns = SQLColumns(row)
                    #expect(try columns.uuid(0) == named.id)
                    #expect(try columns.string(1) == named.name)
                    #expect(try columns.optionalString(2) == named.note)
                    #expect(try columns.int(3) == named.count)
                    #expect(try columns.double(4) == named.ratio)
                    #expect(try columns.bool(5) == named.flag)
                    #expect(try columns.date(6) == named.at)
                    #expect(try columns.optionalDate(7) == named.seen)
                    #expect(try columns.optionalDouble(8) == named.weight)
                }
            }
        }
    }

    @Test("a place past the last column, or a value of another kind, is an error and no crash, unnamed or kept prepared")
    func refusals() async throws {
        try await withTable { database in
            try await database.write { db in
                try await (try db.sql).raw(
                    "INSERT INTO wire_rows (id, name, note, count, ratio, flag, at) VALUES (\(bind: UUID()), 'x', NULL, 1, 1, true, \(bind: Date()))"
                ).run()
            }
            for sql in [try database.reader.sql, try database.reader.sql.keptPrepared] {
                try await Self.refuse(on: sql)
            }
        }
    }

    @Test("what PostgresKit reads by its own rules reads the same from kept statements: a numeric as a double, a number asked as text")
    func readsBeyondTheCells() async throws {
        try await withTable { database in
            let select: SQLQueryString = "SELECT CAST(2.5 AS NUMERIC) AS amount, 42 AS answer"
            var asText: [String?] = []
            for sql in [try database.reader.sql, try database.reader.sql.keptPrepared] {
                let row = try #require(try await sql.raw(select).first())
                var columns = SQLColumns(row)
                #expect(try columns.double(0) == 2.5)
                asText.append(try? columns.string(1))
            }
            #expect(asText.count == 2 && asText[0] == asText[1])
        }
    }

    private static func refuse(on sql: any SQLDatabase) async throws {
        do {
            let row = try #require(try await sql.raw("SELECT name, note, count FROM wire_rows").first())
            var columns = SQLColumns(row)
            #expect(throws: (any Error).self) { try columns.string(3) }
            #expect(throws: (any Error).self) { try columns.int(-1) }
            #expect(throws: (any Error).self) { try columns.string(1) }
            #expect(throws: (any Error).self) { try columns.uuid(0) }
            #expect(throws: (any Error).self) { try columns.bool(0) }
            #expect(try columns.int(2) == 1)

            // Values of another kind than asked: text for a number, 2 for a flag, a number for an id.
            let odd = try #require(try await sql.raw("SELECT 'abc' AS word, 2 AS two, 7 AS seven").first())
            var oddColumns = SQLColumns(odd)
            #expect(throws: (any Error).self) { try oddColumns.int(0) }
            #expect(throws: (any Error).self) { try oddColumns.bool(1) }
            #expect(throws: (any Error).self) { try oddColumns.uuid(2) }
            #expect(try oddColumns.string(0) == "abc")
        }
    }

    private func withTable(_ body: (PatioDatabase) async throws -> Void) async throws {
        try await TestDatabase.make().dropping { test in
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test")).closing { database in
                let (id, time) = TestDatabase.isPostgres ? ("UUID", "TIMESTAMPTZ") : ("TEXT", "REAL")
                try await database.write { db in
                    try await (try db.sql).raw(
                        """
                        CREATE TABLE wire_rows (id \(unsafeRaw: id) PRIMARY KEY, name TEXT NOT NULL, note TEXT, count BIGINT NOT NULL, \
                        ratio DOUBLE PRECISION NOT NULL, flag BOOLEAN NOT NULL, \
                        at \(unsafeRaw: time) NOT NULL, seen \(unsafeRaw: time), weight DOUBLE PRECISION)
                        """
                    ).run()
                }
                try await body(database)
            }
        }
    }
}
