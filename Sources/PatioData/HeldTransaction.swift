import FluentKit
import SQLKit

/// The transaction the current task is writing in, if any.
///
/// A write holds a connection until it commits. If code inside it asked the pool for another connection
/// (a read through `PatioDatabase.reader`, another `write`), it would hold one connection while waiting
/// for a second: with every connection held by such writes, none is ever given back and each waits until
/// the pool times out — the "connection deadlock" AsyncKit reports. So inside a write, `reader` and
/// `write` hand back the write's own connection instead: no request waits for a second connection while
/// it holds one, whatever the code it calls does.
struct HeldTransaction: Sendable {
    /// Which `PatioDatabase` the transaction belongs to: a write on one database does not answer for another.
    let owner: ObjectIdentifier
    let database: any Database
    /// What runs once the transaction has ended (`PatioDatabase.afterWrite`).
    let afterwards: WriteAftermath

    @TaskLocal static var current: HeldTransaction?

    /// The held transaction of `owner`, when the current task is inside one of its writes.
    static func of(_ owner: ObjectIdentifier) -> (any Database)? {
        guard let current, current.owner == owner else { return nil }
        return current.database
    }

    /// Runs `body` with `database` recorded as the task's transaction for `owner`.
    static func holding<T: Sendable>(
        _ database: any Database, for owner: ObjectIdentifier, afterwards: WriteAftermath, _ body: @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await $current.withValue(HeldTransaction(owner: owner, database: database, afterwards: afterwards)) { try await body(database) }
    }

    /// The held transaction of `owner` with what runs after it, when the current task is inside one of its writes.
    static func aftermath(of owner: ObjectIdentifier) -> WriteAftermath? {
        guard let current, current.owner == owner else { return nil }
        return current.afterwards
    }

    /// A write inside a write: it joins the held transaction, inside a savepoint so that its failure undoes
    /// only its own changes, and it commits (or rolls back) with the transaction around it.
    static func nested<T: Sendable>(on database: any Database, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        let sql = try database.sql
        try await sql.raw("SAVEPOINT patio_nested_write").run()
        do {
            let value = try await body(database)
            try await sql.raw("RELEASE SAVEPOINT patio_nested_write").run()
            return value
        } catch {
            try? await sql.raw("ROLLBACK TO SAVEPOINT patio_nested_write").run()
            try? await sql.raw("RELEASE SAVEPOINT patio_nested_write").run()
            throw error
        }
    }
}
