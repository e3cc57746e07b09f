import NIOCore
import CSQLiteSettings
import SQLiteNIO
import VaporCSQLite

/// One SQLite connection of Patio's own: statements prepared once and kept, run on the calling thread.
///
/// SQLiteNIO prepares every statement anew and runs it as a work item on a thread pool, so each statement costs a
/// parse and two thread switches; a profile of Patio's hot paths put about a third of their time there. This
/// connection runs on the same SQLite library SQLiteNIO carries (`VaporCSQLite`): one copy of SQLite in the
/// process shares one table of the file's POSIX locks, where a second copy would drop the first one's locks when
/// it closed the file.
///
/// It is not thread-safe: its owner lets one caller at a time use it (the writer's one task, `ReadTurns` for
/// the readers). A statement holds its connection's read snapshot until it is reset, and `run` resets it
/// before returning, whatever happened.
final class SQLiteHandle: @unchecked Sendable {
    /// The most statements kept prepared; the one used longest ago goes first.
    static let statementLimit = 256

    private var connection: OpaquePointer?
    private var statements: [String: PreparedStatement] = [:]
    private var uses = 0

    /// Opens `path`, creating it when missing, with extended result codes, then runs each of `settings`
    /// (`PRAGMA` statements: they hold for this connection only).
    init(path: String, settings: [String] = []) throws {
        let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        var opened: OpaquePointer?
        let status = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let failure = SQLiteFailure(code: status, message: opened.map(Self.message) ?? "SQLite could not open \(path).", sql: nil)
            sqlite_nio_sqlite3_close(opened)
            throw failure
        }
        connection = opened
        // Without it SQLite lets some plans depend on the values bound (a join on a subquery's result, say), marks
        // such a statement to be prepared again whenever a value is bound anew, and so parsed it again on every
        // run: the ledger's read and a check-in's standing were re-prepared each time, 8.5 % of a check-in's CPU.
        // Patio's statements are written for their indexes, not for particular values.
        _ = patio_sqlite_enable_query_planner_stability(UnsafeMutableRawPointer(opened))
        do {
            for setting in settings { try run(setting, []) { _, _ in } }
        } catch {
            close()
            throw error
        }
    }

    /// What every connection of Patio's sets: wait up to five seconds for a lock, and check foreign keys.
    static let connectionSettings = ["PRAGMA busy_timeout = 5000", "PRAGMA foreign_keys = ON"]

    deinit { close() }

    /// Runs `sql` with `binds`, handing `onRow` each row's values in SELECT order.
    ///
    /// A statement run again from inside `onRow` (a query started while reading another's rows) gets a statement
    /// of its own for that run: the kept one is still stepping.
    func run(_ sql: String, _ binds: [SQLiteData], _ onRow: (SQLiteColumnNames, [SQLiteData]) throws -> Void) throws {
        var columns: SQLiteColumnNames?
        try step(sql, binds) { pointer, statement in
            let names = columns ?? statement.names()
            columns = names
            var values: [SQLiteData] = []
            values.reserveCapacity(names.count)
            for column in 0..<Int32(names.count) { values.append(Self.value(pointer, column)) }
            try onRow(names, values)
        }
    }

    /// Runs `sql` with `binds`, lending `onRow` the statement while it stands on each row: its columns are read in
    /// place (`LentRow`), and only until `onRow` returns.
    func lend(_ sql: String, _ binds: [SQLiteData], _ onRow: (OpaquePointer) throws -> Void) throws {
        try step(sql, binds) { pointer, _ in try onRow(pointer) }
    }

    /// The one loop behind `run` and `lend`: binds, steps to each row in turn, and resets the statement however
    /// it ends.
    private func step(_ sql: String, _ binds: [SQLiteData], _ onRow: (OpaquePointer, PreparedStatement) throws -> Void) throws {
        let statement = try prepared(sql)
        let pointer = statement.pointer
        statement.inUse = true
        defer {
            statement.inUse = false
            sqlite_nio_sqlite3_reset(pointer)
            sqlite_nio_sqlite3_clear_bindings(pointer)
            if !statement.isKept { sqlite_nio_sqlite3_finalize(pointer) }
        }
        try bind(binds, to: pointer, sql: sql)
        while true {
            let status = sqlite_nio_sqlite3_step(pointer)
            if status == SQLITE_DONE { return }
            guard status == SQLITE_ROW else { throw failure(status, sql: sql) }
            try onRow(pointer, statement)
        }
    }

    /// How many statements are kept prepared now.
    var keptStatements: Int { statements.count }

    /// How many times SQLite prepared the kept statement `sql` again since it was first prepared (nil when it is not kept).
    func reprepares(_ sql: String) -> Int? {
        statements[sql].map { Int(sqlite_nio_sqlite3_stmt_status($0.pointer, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }

    /// Finalizes every kept statement and closes the connection; later calls throw.
    func close() {
        for statement in statements.values { sqlite_nio_sqlite3_finalize(statement.pointer) }
        statements = [:]
        sqlite_nio_sqlite3_close(connection)
        connection = nil
    }

    // MARK: Statements

    private func prepared(_ sql: String) throws -> PreparedStatement {
        uses &+= 1
        let kept = statements[sql]
        if let kept, !kept.inUse {
            kept.lastUse = uses
            return kept
        }
        guard let connection else { throw SQLiteFailure(code: SQLITE_MISUSE, message: "The connection is closed.", sql: sql) }
        var pointer: OpaquePointer?
        let status = sqlite_nio_sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard status == SQLITE_OK, let pointer else {
            sqlite_nio_sqlite3_finalize(pointer)
            throw failure(status, sql: sql)
        }
        guard kept == nil else { return PreparedStatement(pointer: pointer, lastUse: uses, isKept: false) }
        if statements.count >= Self.statementLimit,
            let oldest = statements.lazy.filter({ !$0.value.inUse }).min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            sqlite_nio_sqlite3_finalize(oldest.value.pointer)
            statements[oldest.key] = nil
        }
        let statement = PreparedStatement(pointer: pointer, lastUse: uses, isKept: true)
        statements[sql] = statement
        return statement
    }

    private func bind(_ binds: [SQLiteData], to statement: OpaquePointer, sql: String) throws {
        for (offset, value) in binds.enumerated() {
            let place = Int32(offset + 1)
            let status: Int32 =
                switch value {
                case .integer(let integer): sqlite_nio_sqlite3_bind_int64(statement, place, Int64(integer))
                case .float(let double): sqlite_nio_sqlite3_bind_double(statement, place, double)
                case .text(let text): sqlite_nio_sqlite3_bind_text64(statement, place, text, UInt64(text.utf8.count), transient, UInt8(SQLITE_UTF8))
                case .null: sqlite_nio_sqlite3_bind_null(statement, place)
                case .blob(let bytes):
                    bytes.withUnsafeReadableBytes {
                        sqlite_nio_sqlite3_bind_blob64(statement, place, $0.baseAddress, UInt64($0.count), transient)
                    }
                }
            guard status == SQLITE_OK else { throw failure(status, sql: sql) }
        }
    }

    /// Column `column` of the row `statement` stands on. Text is read by its length, so a NUL inside it is kept.
    private static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLiteData {
        switch sqlite_nio_sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(Int(sqlite_nio_sqlite3_column_int64(statement, column)))
        case SQLITE_FLOAT:
            return .float(sqlite_nio_sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let text = sqlite_nio_sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            if let bytes = sqlite_nio_sqlite3_column_blob(statement, column) {
                buffer.writeBytes(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            return .blob(buffer)
        default:
            return .null
        }
    }

    // MARK: Errors

    private func failure(_ status: Int32, sql: String) -> SQLiteFailure {
        let code = connection.map { sqlite_nio_sqlite3_extended_errcode($0) } ?? status
        return SQLiteFailure(code: code, message: connection.map(Self.message) ?? "The connection is closed.", sql: sql)
    }

    private static func message(_ connection: OpaquePointer) -> String {
        sqlite_nio_sqlite3_errmsg(connection).map { String(cString: $0) } ?? "SQLite gave no message."
    }
}

/// SQLite copies what it binds at once (`SQLITE_TRANSIENT`): Swift's buffers last only for the call.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A statement kept prepared, with the names of its columns, read again only when SQLite prepared it again.
private final class PreparedStatement {
    let pointer: OpaquePointer
    var lastUse: Int
    /// False for a statement prepared for one run only (see `SQLiteHandle.run`).
    let isKept: Bool
    /// Stepping now: neither handed to another run nor finalized to make room.
    var inUse = false
    private var columns: (names: SQLiteColumnNames, preparations: Int32)?

    init(pointer: OpaquePointer, lastUse: Int, isKept: Bool) {
        self.pointer = pointer
        self.lastUse = lastUse
        self.isKept = isKept
    }

    /// The names as they are now: a table changed under a kept statement makes SQLite prepare it again, and
    /// `SELECT *` may then answer other columns.
    func names() -> SQLiteColumnNames {
        let preparations = sqlite_nio_sqlite3_stmt_status(pointer, SQLITE_STMTSTATUS_REPREPARE, 0)
        if let columns, columns.preparations == preparations { return columns.names }
        let count = sqlite_nio_sqlite3_column_count(pointer)
        let read = SQLiteColumnNames((0..<count).map { sqlite_nio_sqlite3_column_name(pointer, $0).map { String(cString: $0) } ?? "" })
        columns = (read, preparations)
        return read
    }
}
