import FluentKit
import Foundation
import NIOCore
import PatioCore
@testable import PatioData
import SQLiteNIO
import Testing

/// A SQLite file in a folder of its own, removed afterwards, with `connections` of Patio's own on it.
private func withFile<T>(_ connections: Int = 1, _ body: ([SQLiteHandle]) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patio-handle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("test.sqlite").path
    let handles = try (0..<connections).map { _ in try SQLiteHandle(path: path) }
    defer { for handle in handles { handle.close() } }
    try handles[0].run("PRAGMA journal_mode = WAL", []) { _, _ in }
    return try body(handles)
}

/// Every row `sql` answers, as its values.
private func rows(_ handle: SQLiteHandle, _ sql: String, _ binds: [SQLiteData] = []) throws -> [[SQLiteData]] {
    var rows: [[SQLiteData]] = []
    try handle.run(sql, binds) { _, values in rows.append(values) }
    return rows
}

private func execute(_ handle: SQLiteHandle, _ sql: String, _ binds: [SQLiteData] = []) throws {
    try handle.run(sql, binds) { _, _ in }
}

private struct StopReading: Error {}

@Suite("Patio's own SQLite connections")
struct SQLiteHandleTests {
    @Test("a statement run again is the one kept, and answers for its new binds each time")
    func statementKept() throws {
        try withFile { handles in
            let handle = handles[0]
            try execute(handle, "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            for index in 1...50 { try execute(handle, "INSERT INTO notes (body) VALUES (?)", [.text("note \(index)")]) }
            for index in 1...50 {
                #expect(try rows(handle, "SELECT body FROM notes WHERE id = ?", [.integer(index)]) == [[.text("note \(index)")]])
            }
            // The journal mode, the table, one insert and one select.
            #expect(handle.keptStatements == 4)
        }
    }

    @Test(
        """
        a kept statement whose plan SQLite could tie to its binds (a join on a subquery's result, as the academy's ledger reads) \
        is never prepared again for new binds, and answers for each
        """
    )
    func plansDoNotDependOnBinds() throws {
        try withFile { handles in
            let handle = handles[0]
            try execute(
                handle,
                "CREATE TABLE entries (id TEXT PRIMARY KEY, enrolment_id TEXT NOT NULL, position INTEGER NOT NULL, UNIQUE (enrolment_id, position))")
            try execute(handle, "CREATE TABLE lots (id TEXT PRIMARY KEY, enrolment_id TEXT NOT NULL, remaining INTEGER NOT NULL)")
            try execute(handle, "CREATE INDEX lots_enrolment ON lots (enrolment_id)")
            for enrolment in 1...20 {
                for position in 1...enrolment {
                    try execute(
                        handle, "INSERT INTO entries VALUES (?, ?, ?)",
                        [.text("\(enrolment)-\(position)"), .text("e\(enrolment)"), .integer(position)])
                }
                try execute(handle, "INSERT INTO lots VALUES (?, ?, ?)", [.text("lot\(enrolment)"), .text("e\(enrolment)"), .integer(enrolment % 3)])
            }
            let ledger = """
                SELECT p.last, l.id FROM (SELECT MAX(position) AS last FROM entries WHERE enrolment_id = ?1) p
                LEFT JOIN lots l ON l.enrolment_id = ?2 AND l.remaining > 0
                """
            for enrolment in 1...20 {
                let lot: SQLiteData = enrolment % 3 == 0 ? .null : .text("lot\(enrolment)")
                #expect(try rows(handle, ledger, [.text("e\(enrolment)"), .text("e\(enrolment)")]) == [[.integer(enrolment), lot]])
            }
            #expect(handle.reprepares(ledger) == 0)
        }
    }

    @Test("past the limit the statement used longest ago goes; every statement still answers")
    func statementLimit() throws {
        try withFile { handles in
            let handle = handles[0]
            let texts = (0..<(SQLiteHandle.statementLimit + 40)).map { "SELECT \($0) AS n" }
            for (index, text) in texts.enumerated() {
                let answer = try rows(handle, text)
                #expect(answer == [[.integer(index)]])
            }
            #expect(handle.keptStatements == SQLiteHandle.statementLimit)
            let first = try rows(handle, texts[0])
            #expect(first == [[.integer(0)]])
            #expect(handle.keptStatements == SQLiteHandle.statementLimit)
        }
    }

    @Test("text with a NUL inside, non-ASCII text, blobs, reals and the ends of Int64 read back as written")
    func valuesRoundTrip() throws {
        try withFile { handles in
            let handle = handles[0]
            try execute(handle, "CREATE TABLE v (t TEXT, b BLOB, r REAL, i INTEGER, n TEXT)")
            let blob = ByteBuffer(bytes: [0, 1, 254, 255])
            let written: [SQLiteData] = [.text("a\u{0}b — ñandú 🌵"), .blob(blob), .float(-0.125), .integer(Int.min), .null]
            try execute(handle, "INSERT INTO v VALUES (?, ?, ?, ?, ?)", written)
            try execute(handle, "INSERT INTO v (i) VALUES (?)", [.integer(Int.max)])
            let read = try rows(handle, "SELECT t, b, r, i, n FROM v ORDER BY rowid")
            #expect(read.first == written)
            #expect(read.last?[3] == .integer(Int.max))
        }
    }

    @Test("a row of a join keeps both columns of one name in order; reading by name finds the first")
    func duplicateNames() throws {
        try withFile { handles in
            let handle = handles[0]
            var names: [String] = []
            var values: [SQLiteData] = []
            try handle.run("SELECT 1 AS id, 2 AS id", []) { columns, row in
                names = columns.names
                values = row
                #expect(columns.place(of: "id") == 0)
                #expect(columns.place(of: "missing") == nil)
            }
            #expect(names == ["id", "id"])
            #expect(values == [.integer(1), .integer(2)])
        }
    }

    @Test("a table changed under a kept statement: it is prepared again and answers the new columns")
    func schemaChange() throws {
        try withFile(2) { handles in
            try execute(handles[0], "CREATE TABLE t (a INTEGER)")
            try execute(handles[0], "INSERT INTO t VALUES (1)")
            var names: [String] = []
            try handles[1].run("SELECT * FROM t", []) { columns, _ in names = columns.names }
            #expect(names == ["a"])
            try execute(handles[0], "ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
            var values: [SQLiteData] = []
            try handles[1].run("SELECT * FROM t", []) { columns, row in (names, values) = (columns.names, row) }
            #expect(names == ["a", "b"])
            #expect(values == [.integer(1), .text("x")])
        }
    }

    @Test("a column renamed under a kept statement: the rows answer under the new name")
    func renamedColumn() throws {
        try withFile(2) { handles in
            try execute(handles[0], "CREATE TABLE t (a INTEGER)")
            try execute(handles[0], "INSERT INTO t VALUES (7)")
            var names: [String] = []
            try handles[1].run("SELECT * FROM t", []) { columns, _ in names = columns.names }
            try execute(handles[0], "ALTER TABLE t RENAME COLUMN a TO amount")
            try handles[1].run("SELECT * FROM t", []) { columns, _ in names = columns.names }
            #expect(names == ["amount"])
        }
    }

    @Test("the same statement run again while its rows are being read: each run answers all its own rows")
    func reentrantRun() throws {
        try withFile { handles in
            let handle = handles[0]
            try execute(handle, "CREATE TABLE t (a INTEGER)")
            for value in 1...3 { try execute(handle, "INSERT INTO t VALUES (?)", [.integer(value)]) }
            var outer: [SQLiteData] = []
            var inner: [[SQLiteData]] = []
            try handle.run("SELECT a FROM t ORDER BY a", []) { _, row in
                outer.append(row[0])
                inner.append(try rows(handle, "SELECT a FROM t ORDER BY a").map { $0[0] })
            }
            #expect(outer == [.integer(1), .integer(2), .integer(3)])
            #expect(inner == Array(repeating: [.integer(1), .integer(2), .integer(3)], count: 3))
            // The journal mode, the table, the insert and the select: the inner runs' statements were not kept.
            #expect(handle.keptStatements == 4)
        }
    }

    @Test("a read stopped at its first row ends its snapshot: the next read sees a later commit")
    func stoppedReadIsReset() throws {
        try withFile(2) { handles in
            let (writer, reader) = (handles[0], handles[1])
            try execute(writer, "CREATE TABLE t (a INTEGER)")
            for value in 1...3 { try execute(writer, "INSERT INTO t VALUES (?)", [.integer(value)]) }
            #expect(throws: StopReading.self) { try reader.run("SELECT a FROM t", []) { _, _ in throw StopReading() } }
            try execute(writer, "INSERT INTO t VALUES (4)")
            #expect(try rows(reader, "SELECT COUNT(*) FROM t") == [[.integer(4)]])
        }
    }

    @Test("refusals are database errors of the right kind, and the connection goes on answering")
    func refusals() throws {
        try withFile { handles in
            let handle = handles[0]
            try execute(handle, "CREATE TABLE u (email TEXT UNIQUE NOT NULL)")
            try execute(handle, "INSERT INTO u VALUES ('a@x')")
            let duplicate = #expect(throws: SQLiteFailure.self) { try execute(handle, "INSERT INTO u VALUES ('a@x')") }
            #expect(duplicate?.isConstraintFailure == true)
            #expect(duplicate?.isBusy == false)
            #expect((duplicate as (any DatabaseError)?)?.isSyntaxError == false)
            let typo = #expect(throws: SQLiteFailure.self) { try execute(handle, "SELEC 1") }
            #expect(typo?.isSyntaxError == true && typo?.isConstraintFailure == false)
            #expect(typo?.description.contains("SELEC 1") == true)
            let tooMany = #expect(throws: SQLiteFailure.self) { try execute(handle, "SELECT ?", [.integer(1), .integer(2)]) }
            #expect(tooMany != nil)
            #expect(try rows(handle, "SELECT COUNT(*) FROM u") == [[.integer(1)]])
            // Not overload: the client sending it again would be refused again.
            #expect(AppError.databaseOverload(from: duplicate!) == nil)
        }
    }

    @Test("the file still locked after the busy timeout is load: 503 with Retry-After, not a server error")
    func busyIsOverload() throws {
        try withFile(2) { handles in
            try execute(handles[0], "CREATE TABLE t (a INTEGER)")
            try execute(handles[1], "PRAGMA busy_timeout = 20")
            try execute(handles[0], "BEGIN IMMEDIATE")
            let busy = #expect(throws: SQLiteFailure.self) { try execute(handles[1], "INSERT INTO t VALUES (1)") }
            #expect(busy?.isBusy == true)
            let answer = busy.flatMap { AppError.databaseOverload(from: $0) }
            #expect(answer?.status.code == 503)
            #expect(answer?.headers["Retry-After"] != nil)
            try execute(handles[0], "COMMIT")
            try execute(handles[1], "INSERT INTO t VALUES (1)")
        }
    }

    @Test("a closed connection refuses statements with an error, never a crash")
    func closed() throws {
        try withFile { handles in
            handles[0].close()
            let refused = #expect(throws: SQLiteFailure.self) { try execute(handles[0], "SELECT 1") }
            #expect(refused?.isConnectionClosed == true)
        }
    }
}
