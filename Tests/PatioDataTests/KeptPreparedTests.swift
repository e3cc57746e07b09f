import FluentKit
import Foundation
import Logging
import PatioTestSupport
import SQLKit
import Testing

@testable import PatioData

@Suite("Statements kept prepared on each PostgreSQL connection")
struct KeptPreparedTests {
    private struct Row: Decodable, Equatable {
        var id: UUID
        var seq: Int
        var flag: Bool
        var label: String?
        var at: Date
    }

    @Test("rows written and read through kept statements are the rows read unnamed, for every kind of bind, first run and after")
    func sameRows() async throws {
        try await withTable { database in
            let at = Date(timeIntervalSince1970: 1_790_000_000.25)
            let written = (0..<4).map { Row(id: UUID(), seq: $0, flag: $0.isMultiple(of: 2), label: $0 == 1 ? nil : "fila ñ \($0)", at: at) }
            try await database.write { db in
                for row in written {
                    try await (try db.sql).keptPrepared.raw(
                        """
                        INSERT INTO kept_rows (id, seq, flag, label, at)
                        VALUES (\(bind: row.id), \(bind: row.seq), \(bind: row.flag), \(bind: row.label), \(bind: row.at))
                        """
                    ).run()
                }
            }
            for row in written {
                let query: SQLQueryString = "SELECT id, seq, flag, label, at FROM kept_rows WHERE id = \(bind: row.id) AND flag = \(bind: row.flag)"
                let kept = try await (try database.reader.sql).keptPrepared.raw(query).all(decoding: Row.self)
                let unnamed = try await (try database.reader.sql).raw(query).all(decoding: Row.self)
                #expect(kept == [row])
                #expect(unnamed == kept)
            }
        }
    }

    @Test("a kept statement is prepared once on its connection and run by name after; one sent unnamed is not kept")
    func preparedOnce() async throws {
        try await withTable { database in
            guard TestDatabase.isPostgres else {
                // On SQLite Patio's own connections keep every statement prepared: the database is itself.
                #expect(try database.reader.sql.keptPrepared is SharedReader)
                return
            }
            let marker = UUID().uuidString
            let names = try await database.write { db in
                let sql = try db.sql
                for seq in 1...3 {
                    _ = try await sql.keptPrepared.raw("SELECT seq FROM kept_rows WHERE seq = \(bind: seq) AND label <> '\(unsafeRaw: marker)'").all()
                }
                _ = try await sql.raw("SELECT seq FROM kept_rows WHERE seq = \(bind: 1) AND label <> 'unnamed \(unsafeRaw: marker)'").all()
                return try await sql.raw("SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE \(bind: "%\(marker)%")")
                    .all(decoding: Prepared.self)
            }
            #expect(names.count == 1)
            #expect(names.first?.name.hasPrefix("patio_") == true)
            #expect(names.first?.statement.contains("unnamed") == false)
        }
    }

    @Test(
        "a statement first met inside a failed transaction fails there, and runs on that same connection once it has ended",
        .enabled(if: TestDatabase.isPostgres, "SQLite has no failed transaction to run in"))
    func preparedAgainAfterFailedTransaction() async throws {
        try await withTable(connections: 1) { database in
            let query: SQLQueryString = "SELECT COUNT(*) AS n FROM kept_rows WHERE label <> '\(unsafeRaw: UUID().uuidString)'"
            await #expect(throws: (any Error).self) {
                try await database.write { db in
                    let sql = try db.sql
                    _ = try? await sql.raw("SELECT 1 / 0").all()
                    _ = try await sql.keptPrepared.raw(query).all()
                }
            }
            // One connection in the pool: the read runs where the preparation failed.
            let counts = try await (try database.reader.sql).keptPrepared.raw(query).all(decoding: Count.self)
            #expect(counts.map(\.n) == [0])
        }
    }

    @Test("one text run with a NULL, a number and a string reads each as what it is: bind types are part of a statement")
    func bindTypesKeepStatementsApart() async throws {
        // One connection: every run meets the statement the first one prepared, if they share its name.
        try await withTable(connections: 1) { database in
            try await database.write { db in
                try await (try db.sql).raw(
                    "INSERT INTO kept_rows (id, seq, flag, label, at) VALUES (\(bind: UUID()), 7, true, '7', \(bind: Date()))"
                ).run()
            }
            #expect(try await Self.count(matching: Int?.none, on: database) == 1)
            #expect(try await Self.count(matching: 7, on: database) == 1)
            #expect(try await Self.count(matching: "7", on: database) == 1)
            #expect(try await Self.count(matching: String?.none, on: database) == 1)
            #expect(try await Self.count(matching: "8", on: database) == 0)
        }
    }

    @Test("a unique violation through a kept statement is a constraint failure, as it is unnamed")
    func constraintFailure() async throws {
        try await withTable { database in
            let id = UUID()
            let insert: SQLQueryString = "INSERT INTO kept_rows (id, seq, flag, label, at) VALUES (\(bind: id), 1, true, NULL, \(bind: Date()))"
            try await database.write { db in try await (try db.sql).keptPrepared.raw(insert).run() }
            await #expect {
                try await database.write { db in try await (try db.sql).keptPrepared.raw(insert).run() }
            } throws: { error in
                (error as? any DatabaseError)?.isConstraintFailure == true
            }
        }
    }

    @Test("a bind PostgreSQL takes as JSON runs unnamed, with the same answer", .enabled(if: TestDatabase.isPostgres, "PostgreSQL's JSON"))
    func jsonBindRunsUnnamed() async throws {
        try await withTable { database in
            struct Payload: Encodable, Sendable { var place: String }
            let marker = UUID().uuidString
            struct Read: Decodable { var place: String }
            let read = try await database.write { db in
                let sql = try db.sql
                let rows = try await sql.keptPrepared.raw(
                    "SELECT CAST(\(bind: Payload(place: "Bogotá")) AS JSONB) ->> 'place' AS place, '\(unsafeRaw: marker)' AS marker"
                ).all(decoding: Read.self)
                let kept = try await sql.raw("SELECT name FROM pg_prepared_statements WHERE statement LIKE \(bind: "%\(marker)%")").all()
                return (rows.map(\.place), kept.count)
            }
            #expect(read.0 == ["Bogotá"])
            #expect(read.1 == 0)
        }
    }

    /// Rows whose label is `value` written out, or all rows for `nil`.
    private static func count(matching value: some Encodable & Sendable, on database: PatioDatabase) async throws -> Int? {
        let query: SQLQueryString = "SELECT COUNT(*) AS n FROM kept_rows WHERE CAST(\(bind: value) AS TEXT) = label OR \(bind: value) IS NULL"
        return try await (try database.reader.sql).keptPrepared.raw(query).all(decoding: Count.self).first?.n
    }

    private struct Count: Decodable { var n: Int }

    private struct Prepared: Decodable {
        var name: String
        var statement: String
    }

    private func withTable(connections: Int? = nil, _ body: (PatioDatabase) async throws -> Void) async throws {
        try await TestDatabase.make().dropping { test in
            let pool = DatabasePool(connections: connections)
            try await PatioDatabase.open(test.settings, logger: Logger(label: "test"), pool: pool).closing { database in
                try await database.write { db in
                    try await (try db.sql).raw(
                        """
                        CREATE TABLE kept_rows (id UUID PRIMARY KEY, seq BIGINT NOT NULL, flag BOOLEAN NOT NULL, label TEXT, \
                        at TIMESTAMPTZ NOT NULL)
                        """
                    ).run()
                }
                try await body(database)
            }
        }
    }
}

@Suite("Names of kept statements")
struct KeptStatementNamesTests {
    private func key(_ text: String, _ types: [UInt32] = []) -> KeptStatementNames.Key { .init(text: text, bindTypes: types) }

    @Test("one name per text and bind types, the same each time it is asked for; none once the limit is reached")
    func namesUpToTheLimit() {
        let names = KeptStatementNames(limit: 2)
        let first = names.name(for: key("SELECT 1"))
        #expect(first != nil)
        #expect(names.name(for: key("SELECT 1")) == first)
        let typed = names.name(for: key("SELECT 1", [2950]))
        #expect(typed != nil && typed != first)
        #expect(names.name(for: key("SELECT 2")) == nil)
        #expect(names.name(for: key("SELECT 1")) == first)
    }

    @Test("renewing gives a new name once for every run that failed under the old one; after enough renewals it runs unnamed")
    func renewals() throws {
        let names = KeptStatementNames(limit: 4)
        let old = try #require(names.name(for: key("SELECT 1")))
        names.renew(key("SELECT 1"), from: old)
        let new = names.name(for: key("SELECT 1"))
        #expect(new != nil && new != old)
        names.renew(key("SELECT 1"), from: old)
        #expect(names.name(for: key("SELECT 1")) == new)
        for _ in 1..<KeptStatementNames.renewals {
            names.renew(key("SELECT 1"), from: try #require(names.name(for: key("SELECT 1"))))
        }
        #expect(names.name(for: key("SELECT 1")) == nil)
    }
}
