import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// What Patio remembers of each device that pushes: its last applied mutation id and the answers to its
/// recent mutations, so a retried push changes nothing and is answered as the first time.
///
/// Client ids are made up by clients, so the memory is bounded: an account keeps its
/// `maxClientsPerAccount` most recently pushing clients (a new one makes Patio forget the longest silent),
/// and each client the answers to its last `rememberedResultsPerClient` mutations. A retry older than that
/// is answered `mutation_forgotten` rather than applied again or mistaken for one sent out of order.
struct SyncClientLog {
    static let maxClientsPerAccount = 20
    static let rememberedResultsPerClient = 200

    let account: String
    let client: String
    let sql: any SQLDatabase
    /// This push's answers, written when it closes.
    private var answers: [SyncService.MutationResult] = []
    /// What `open` found: the client's state, and whether this push registered it.
    private var opened = (state: State(lastMutationID: 0, forgottenThrough: 0), isNew: false)

    init(account: String, client: String, sql: any SQLDatabase) {
        self.account = account
        self.client = client
        self.sql = sql
    }

    struct State: Decodable {
        var lastMutationID: Int
        var forgottenThrough: Int

        enum CodingKeys: String, CodingKey {
            case lastMutationID = "last_mutation_id", forgottenThrough = "forgotten_through"
        }
    }

    /// The client's state, registering it on its first push (`isNew`). Two pushes of one client never interleave
    /// (a row lock on PostgreSQL: the row this push inserted, or `FOR UPDATE` on the one it found; SQLite has one
    /// writer). A known client costs two statements, a new one a single insert that answers its row.
    mutating func open() async throws -> State {
        if let inserted = try await sql.raw(
            """
            INSERT INTO sync_clients (account_id, client_id, last_mutation_id) VALUES (\(bind: account), \(bind: client), 0)
            ON CONFLICT (account_id, client_id) DO NOTHING RETURNING last_mutation_id, forgotten_through
            """
        ).first(decoding: State.self) {
            opened = (inserted, true)
            return inserted
        }
        let lock = sql.dialect.name == "postgresql" ? " FOR UPDATE" : ""
        let select =
            SQLQueryString("SELECT last_mutation_id, forgotten_through FROM sync_clients WHERE account_id = ")
            + "\(bind: account) AND client_id = \(bind: client)" + SQLQueryString(lock)
        opened = (try await sql.raw(select).first(decoding: State.self) ?? State(lastMutationID: 0, forgottenThrough: 0), false)
        return opened.state
    }

    /// Keeps a mutation's answer for retries (written by `close`, with the others of the push).
    mutating func remember(_ result: SyncService.MutationResult) {
        answers.append(result)
    }

    /// The push's answers, in one statement per hundred.
    private func writeAnswers() async throws {
        let encoder = JSONEncoder()
        for slice in BoundList.slices(answers, size: 100) {
            var insert = sql.insert(into: "sync_mutations").columns("account_id", "client_id", "mutation_id", "result")
            for answer in slice {
                insert = insert.values(account, client, answer.mutationId, String(decoding: try encoder.encode(answer), as: UTF8.self))
            }
            try await insert.run()
        }
    }

    /// Records the push: the client's last mutation, its place as the account's most recent client, and
    /// the trimming of what is no longer kept. The client keeps answers only for mutation ids after the
    /// `forgottenThrough` that `open` found, so while its last id is within `rememberedResultsPerClient`
    /// of that there is nothing to trim; and only a new client can take the account past `maxClientsPerAccount`.
    /// Neither is then looked for, two statements fewer on most pushes.
    func close(lastMutationID: Int) async throws {
        try await writeAnswers()
        try await sql.raw(
            """
            UPDATE sync_clients SET last_mutation_id = \(bind: lastMutationID),
              last_push_seq = (SELECT COALESCE(MAX(last_push_seq), 0) + 1 FROM sync_clients WHERE account_id = \(bind: account))
            WHERE account_id = \(bind: account) AND client_id = \(bind: client)
            """
        ).run()
        struct IDRow: Decodable { var mutation_id: Int }
        // Both are mutation ids (positive) or 0, so the difference cannot overflow.
        if lastMutationID - opened.state.forgottenThrough > Self.rememberedResultsPerClient,
            let oldestKept = try await sql.raw(
                """
                SELECT mutation_id FROM sync_mutations WHERE account_id = \(bind: account) AND client_id = \(bind: client)
                ORDER BY mutation_id DESC LIMIT 1 OFFSET \(literal: Self.rememberedResultsPerClient)
                """
            ).first(decoding: IDRow.self)?.mutation_id
        {
            try await sql.raw(
                """
                DELETE FROM sync_mutations WHERE account_id = \(bind: account) AND client_id = \(bind: client) AND mutation_id <= \(bind: oldestKept)
                """
            ).run()
            try await sql.raw(
                """
                UPDATE sync_clients SET forgotten_through = \(bind: oldestKept) WHERE account_id = \(bind: account) AND client_id = \(bind: client)
                """
            ).run()
        }
        guard opened.isNew else { return }
        struct ClientRow: Decodable { var client_id: String }
        // Pushes of other devices run alongside this one on PostgreSQL (SyncFeedLocks). A device whose row another
        // push holds is pushing now, so it is not silent: skipped rather than waited for. Only the rows past the
        // kept ones are locked, so the account's recent devices push on while this push finishes.
        let skipLocked = sql.dialect.name == "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""
        let silent = try await sql.raw(
            """
            SELECT client_id FROM sync_clients WHERE account_id = \(bind: account) AND client_id IN (
              SELECT client_id FROM sync_clients WHERE account_id = \(bind: account)
              ORDER BY last_push_seq DESC, client_id LIMIT 1000 OFFSET \(literal: Self.maxClientsPerAccount))\(unsafeRaw: skipLocked)
            """
        ).all(decoding: ClientRow.self)
        for row in silent {
            try await sql.raw("DELETE FROM sync_mutations WHERE account_id = \(bind: account) AND client_id = \(bind: row.client_id)").run()
            try await sql.raw("DELETE FROM sync_clients WHERE account_id = \(bind: account) AND client_id = \(bind: row.client_id)").run()
        }
    }

    /// A mutation id at or below the client's last: a retry (answered with the first result), one too old
    /// to remember, or one the client sent after a later one, which can no longer be applied in order.
    func repeated(_ mutation: SyncMutation, forgottenThrough: Int) async throws -> SyncService.MutationResult {
        struct StoredRow: Decodable { var result: String }
        let stored = try await sql.raw(
            """
            SELECT result FROM sync_mutations WHERE account_id = \(bind: account) AND client_id = \(bind: client) AND mutation_id \
            = \(bind: mutation.mutationId)
            """
        ).first(decoding: StoredRow.self)
        guard let stored, let first = try? JSONDecoder().decode(SyncService.MutationResult.self, from: Data(stored.result.utf8)) else {
            if mutation.mutationId <= forgottenThrough {
                return .init(
                    mutationId: mutation.mutationId, status: .rejected, code: "mutation_forgotten",
                    detail: "This change is older than what Patio keeps for this device; pull to see where it stands.")
            }
            return .init(
                mutationId: mutation.mutationId, status: .rejected, code: "mutation_out_of_order",
                detail: "A later mutation of this client was applied first; send changes in the order they were made.")
        }
        return .init(
            mutationId: mutation.mutationId, status: .duplicate,
            original: .init(status: first.status, version: first.version, code: first.code, fields: first.fields))
    }
}

/// Adds what bounds the client log: each client's place among its account's pushes, and how far back its
/// answers were trimmed.
struct BoundSyncClientLog: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql
        try await sql.raw("ALTER TABLE sync_clients ADD COLUMN last_push_seq BIGINT NOT NULL DEFAULT 0").run()
        try await sql.raw("ALTER TABLE sync_clients ADD COLUMN forgotten_through BIGINT NOT NULL DEFAULT 0").run()
        try await sql.raw("CREATE INDEX sync_clients_recency ON sync_clients (account_id, last_push_seq)").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql
        try await sql.raw("DROP INDEX sync_clients_recency").run()
        try await sql.raw("ALTER TABLE sync_clients DROP COLUMN forgotten_through").run()
        try await sql.raw("ALTER TABLE sync_clients DROP COLUMN last_push_seq").run()
    }
}
