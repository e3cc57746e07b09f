import FluentKit
import VaporCSQLite

/// An error SQLite answered on one of Patio's own connections (`SQLiteHandle`), with its extended result code.
public struct SQLiteFailure: Error, CustomStringConvertible, DatabaseError {
    /// SQLite's extended result code; its low byte is the primary code.
    public let code: Int32
    public let message: String
    /// The statement that failed, for the log; binds are never kept.
    public let sql: String?

    public var description: String { "SQLite error \(code): \(message)" + (sql.map { " (in \($0))" } ?? "") }

    private var primary: Int32 { code & 0xff }

    /// The database was locked for longer than the busy timeout: load, which the client may retry.
    public var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED }

    public var isConstraintFailure: Bool { primary == SQLITE_CONSTRAINT }
    public var isSyntaxError: Bool { primary == SQLITE_ERROR || primary == SQLITE_SCHEMA }
    public var isConnectionClosed: Bool { primary == SQLITE_MISUSE || primary == SQLITE_CANTOPEN }
}
