import FluentPostgresDriver
import Synchronization

/// The names of the statements kept prepared on PostgreSQL connections (`SQLDatabase.keptPrepared`): one per
/// statement text and bind types, the same on every connection of the process.
///
/// A name stands for one text with one set of bind types on every connection, so a connection that prepared it
/// runs exactly that text. A statement's bind types are part of its key: prepared with a `NULL` bind, PostgreSQL
/// infers that parameter's type, which a later run binding a value of another type must not inherit.
final class KeptStatementNames: Sendable {
    struct Key: Hashable, Sendable {
        var text: String
        var bindTypes: [UInt32]
    }

    /// How many statements a process names; texts beyond run unnamed. Patio's hot paths keep a few dozen; the limit
    /// bounds what each connection holds on the server if a kept statement's text ever varied from run to run.
    static let limit = 256

    /// How many times one statement is renamed (`renew`) before it runs unnamed for good.
    static let renewals = 64

    static let shared = KeptStatementNames(limit: limit)

    private struct Entry {
        var number: Int
        var generation: Int
        var name: String? { generation < KeptStatementNames.renewals ? "patio_\(number)_\(generation)" : nil }
    }

    private let limit: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(limit: Int) { self.limit = limit }

    /// The statement's name, given on first sight; nil once `limit` statements have names, or once it was renewed
    /// `renewals` times.
    func name(for key: Key) -> String? {
        entries.withLock { entries in
            if let entry = entries[key] { return entry.name }
            guard entries.count < limit else { return nil }
            let entry = Entry(number: entries.count, generation: 0)
            entries[key] = entry
            return entry.name
        }
    }

    /// Gives the statement a new name, so every connection prepares it afresh. Only when `name` is still its name:
    /// runs failing at once on many connections renew it once.
    func renew(_ key: Key, from name: String) {
        entries.withLock { entries in
            guard var entry = entries[key], entry.name == name else { return }
            entry.generation += 1
            entries[key] = entry
        }
    }

    /// Whether `error` leaves a kept statement unusable on its connection until it is prepared again under a new
    /// name:
    /// - 25P02, a transaction already failed: PostgresNIO remembers a preparation that failed as the statement's
    ///   answer on that connection for good, and a statement first met inside such a transaction fails to prepare;
    /// - 0A000, "cached plan must not change result type": a table the statement reads changed its columns;
    /// - 26000, the server no longer knows the name (`DEALLOCATE`, `DISCARD ALL`).
    static func forgetsPreparation(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return ["25P02", "0A000", "26000"].contains(state)
    }
}
