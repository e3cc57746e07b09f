import Foundation
import SQLKit

/// The rows after a newest-first cursor (`ORDER BY <time> DESC, <id> DESC`): older than the cursor's time,
/// or as old and with a smaller id.
///
/// Times are compared within half a microsecond, not exactly. SQLite keeps a time as the full `Double`
/// written but SQLiteNIO reads it back rounded to the microsecond, and a `Date` rebuilt from a cursor's
/// number can differ from it in the last bit: compared exactly, the last row of a page could come back as
/// the first of the next, or be skipped. PostgreSQL keeps microseconds and `PatioClock` gives out whole
/// microseconds, so two different times are never within half a microsecond of each other.
public enum NewestFirstCursor {
    public static let tolerance: TimeInterval = 0.000_000_5

    /// `timeColumn` and `idColumn` are column names written in code (`e.created_at`), never input.
    public static func after(time: Date, id: UUID, timeColumn: String, idColumn: String) -> SQLQueryString {
        let older = time.addingTimeInterval(-tolerance), asOld = time.addingTimeInterval(tolerance)
        return "(\(unsafeRaw: timeColumn) < \(bind: older) OR (\(unsafeRaw: timeColumn) <= \(bind: asOld) AND \(unsafeRaw: idColumn) < \(bind: id)))"
    }
}
