import FluentPostgresDriver
import FluentSQLiteDriver
import PatioCore

extension AppError {
    /// The problem for an error that means the database could not take the work now — no free connection
    /// within the pool's timeout, the pool shut down, SQLite still locked after its busy timeout, a PostgreSQL
    /// transaction ended to break a deadlock — or nil for any other error. These are load, not bugs: the client
    /// may try again, so they answer 503 with `Retry-After` instead of 500.
    public static func databaseOverload(from error: any Error) -> AppError? {
        switch error {
        case is ConnectionPoolTimeoutError:
            return .overloaded(retryAfter: 2)
        case ConnectionPoolError.shutdown:
            return AppError(
                .serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.", headers: ["Retry-After": "5"])
        case let error as PSQLError where error.serverInfo?[.sqlState] == Self.deadlockDetected:
            // Two writers waited for each other and PostgreSQL ended this one; nothing it did was kept, so the
            // same request sent again can succeed.
            return .overloaded(retryAfter: 1)
        case let error as SQLiteError
        where [.busy, .locked, .busyTimeout, .busyInRecovery, .busyInSnapshot, .lockedBySharedCache].contains(error.reason):
            return .overloaded(retryAfter: 1)
        case let error as SQLiteFailure where error.isBusy:
            return .overloaded(retryAfter: 1)
        default:
            return nil
        }
    }

    /// PostgreSQL's SQLSTATE for a transaction it ended to break a deadlock.
    static let deadlockDetected = "40P01"
}
