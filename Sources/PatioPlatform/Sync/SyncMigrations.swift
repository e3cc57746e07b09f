import FluentKit
import SQLKit

/// The sync change feed's tables. `sync_rows` keeps, per collection, row and visibility scope, the latest
/// change with its server sequence; `sync_counter` hands out those sequences; `sync_clients` and
/// `sync_mutations` remember what each client has pushed, so a retried push changes nothing.
struct CreateSyncTables: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql
        try await sql.raw("CREATE TABLE sync_counter (id INTEGER PRIMARY KEY, value BIGINT NOT NULL)").run()
        try await sql.raw("INSERT INTO sync_counter (id, value) VALUES (1, 0)").run()
        try await sql.raw(
            """
            CREATE TABLE sync_rows (
              collection TEXT NOT NULL, row_id TEXT NOT NULL, scope TEXT NOT NULL,
              seq BIGINT NOT NULL UNIQUE, version BIGINT NOT NULL, deleted BOOLEAN NOT NULL,
              field_versions TEXT NOT NULL,
              PRIMARY KEY (collection, row_id, scope))
            """
        ).run()
        try await sql.raw("CREATE INDEX sync_rows_feed ON sync_rows (collection, scope, seq)").run()
        try await sql.raw(
            """
            CREATE TABLE sync_clients (
              account_id TEXT NOT NULL, client_id TEXT NOT NULL, last_mutation_id BIGINT NOT NULL,
              PRIMARY KEY (account_id, client_id))
            """
        ).run()
        try await sql.raw(
            """
            CREATE TABLE sync_mutations (
              account_id TEXT NOT NULL, client_id TEXT NOT NULL, mutation_id BIGINT NOT NULL, result TEXT NOT NULL,
              PRIMARY KEY (account_id, client_id, mutation_id))
            """
        ).run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql
        for table in ["sync_mutations", "sync_clients", "sync_rows", "sync_counter"] {
            try await sql.raw(SQLQueryString("DROP TABLE \(unsafeRaw: table)")).run()
        }
    }
}

/// Each live row's wire form, written once when the row changes, for a collection that hands it to the feed
/// (`SyncFeed.recordPut(…, written:)`): a pull copies it into the page instead of reading the module's table and
/// writing every column of every row again. Null for tombstones, for rows changed before this column existed and
/// for collections that do not hand it over; those are read through the collection as before.
struct AddSyncRowData: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await (try database.sql).raw("ALTER TABLE sync_rows ADD COLUMN data TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await (try database.sql).raw("ALTER TABLE sync_rows DROP COLUMN data").run()
    }
}
