import FluentKit
import SQLKit
import Synchronization

/// A write of one statement that runs on its own on PostgreSQL (`PatioDatabase.write(statement:decoding:announcing:)`):
/// while it is being prepared, what it announces (`PatioDatabase.notify`) and what must run after it
/// (`PatioDatabase.afterWrite`) wait here, to go out inside the statement and to run once it has ended.
final class StatementWrite: Sendable {
    /// A NOTIFY waiting for its statement.
    struct Notice: Sendable {
        let channel: String
        let payload: String
    }

    /// Which `PatioDatabase` the write belongs to.
    let owner: ObjectIdentifier
    let afterwards = WriteAftermath()
    private let notices = Mutex<[Notice]>([])

    @TaskLocal static var current: StatementWrite?

    init(owner: ObjectIdentifier) {
        self.owner = owner
    }

    /// The statement write of `owner` being prepared by the current task, if any.
    static func of(_ owner: ObjectIdentifier) -> StatementWrite? {
        guard let current, current.owner == owner else { return nil }
        return current
    }

    func add(_ notice: Notice) {
        notices.withLock { $0.append(notice) }
    }

    /// `statement` with every notice added riding on it: each is sent once for the rows it returns, and
    /// PostgreSQL delivers it when the statement commits — never for a statement that failed or changed nothing.
    /// (PostgreSQL folds identical notifications of one transaction into one.)
    func carrying(_ statement: SQLQueryString) -> SQLQueryString {
        let notices = notices.withLock { $0 }
        guard !notices.isEmpty else { return statement }
        var query: SQLQueryString = "WITH patio_statement AS (\(statement)) SELECT patio_statement.*"
        for (index, notice) in notices.enumerated() {
            query += ", pg_notify(\(bind: notice.channel), \(bind: notice.payload)) AS \(ident: "patio_notice_\(index)")"
        }
        return query + " FROM patio_statement"
    }
}
