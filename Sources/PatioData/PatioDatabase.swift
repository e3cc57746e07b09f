import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Logging
import Metrics
import NIOCore
import NIOPosix
import PatioCore
import SQLKit

extension DatabaseID {
    static let reader = DatabaseID(string: "patio-reader")
    static let writer = DatabaseID(string: "patio-writer")
}

/// Patio's handle on its database: a reader for queries and `write` for anything that changes data.
///
/// On SQLite, writes go through the group-committing `WriteQueue`; on PostgreSQL each write is a plain
/// transaction (the server group-commits by itself). Callers never need to know which.
public final class PatioDatabase: Sendable {
    public let settings: DatabaseSettings
    public let logger: Logger
    /// The writer's (migrations and maintenance run there too); on PostgreSQL, every connection.
    private let databases: Databases
    /// On SQLite, the readers' connections, opened at start and shared (see `SharedReaders`).
    private let sharedReaders: SharedReaders?
    /// On SQLite, the writer's connection, and the loop of its own its statements run on.
    private let writerHandle: SQLiteHandle?
    private let writerGroup: MultiThreadedEventLoopGroup?
    /// The loops whose pools hold connections (see `DatabasePool`).
    private let loops: [any EventLoop]
    private let writerLoop: any EventLoop
    private let queue: WriteQueue?

    public var isSQLite: Bool { queue != nil }

    private init(
        settings: DatabaseSettings, databases: Databases, sharedReaders: SharedReaders? = nil, writerHandle: SQLiteHandle? = nil,
        writerGroup: MultiThreadedEventLoopGroup? = nil, loops: [any EventLoop], writerLoop: any EventLoop, queue: WriteQueue?, logger: Logger
    ) {
        self.settings = settings
        self.databases = databases
        self.sharedReaders = sharedReaders
        self.writerHandle = writerHandle
        self.writerGroup = writerGroup
        self.loops = loops
        self.writerLoop = writerLoop
        self.queue = queue
        self.logger = logger
    }

    /// Opens the database (creating the SQLite file and its folder when needed). `readerConnections` is the
    /// default per core; `pool` may set the total and the time a query waits for a connection instead.
    public static func open(_ settings: DatabaseSettings, logger: Logger, readerConnections: Int = 4, pool: DatabasePool = DatabasePool())
        async throws -> PatioDatabase
    {
        let group = MultiThreadedEventLoopGroup.singleton
        let allLoops = Array(group.makeIterator())
        let (loopCount, perLoop) = pool.layout(loopCount: allLoops.count, defaultPerLoop: readerConnections)
        let loops = Array(allLoops.prefix(loopCount))
        let writerLoop = loops[0]
        switch settings {
        case .sqlite(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let storage = SQLiteConfiguration(storage: .file(path: path), enableForeignKeys: true)
            // Migrations and maintenance run on Fluent's SQLite driver; requests read and write on Patio's own
            // connections (`SQLiteHandle`): statements prepared once, run on the calling thread.
            let databases = Databases(threadPool: NIOThreadPool.singleton, on: group)
            databases.use(
                .sqlite(
                    storage, maxConnectionsPerEventLoop: 1, connectionPoolTimeout: pool.timeout, dataEncoder: .init(), dataDecoder: .init(),
                    sqlLogLevel: .trace), as: .writer)
            let maintenance = databases.database(.writer, logger: logger, on: writerLoop)!
            // The writer's statements run on a loop of its own: sharing a loop with requests, each statement
            // would wait behind the requests served there, and all writes pass through this one connection.
            let writerGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let ownLoop = writerGroup.next()
            var writerHandle: SQLiteHandle?
            do {
                // WAL is a property of the file: set once, readers then never block the writer.
                try await (try maintenance.sql).raw("PRAGMA journal_mode = WAL").run()
                // Every commit waits for the disk: a write answered is a write kept.
                let handle = try SQLiteHandle(path: path, settings: ["PRAGMA synchronous = FULL"] + SQLiteHandle.connectionSettings)
                writerHandle = handle
                let configuration = databases.configuration(for: .writer)!
                let readers = try SharedReaders.open(
                    path: path, count: loops.count, loop: writerLoop, configuration: configuration, logger: logger)
                let writer = InlineSQLite(
                    handle: handle, context: DatabaseContext(configuration: configuration, logger: logger, eventLoop: ownLoop), inTransaction: true)
                let queue = WriteQueue(database: writer, loop: ownLoop, logger: logger)
                recordPoolSize(reader: loops.count, writer: 1)
                return PatioDatabase(
                    settings: settings, databases: databases, sharedReaders: readers, writerHandle: handle, writerGroup: writerGroup,
                    loops: loops, writerLoop: writerLoop, queue: queue, logger: logger)
            } catch {
                writerHandle?.close()
                await databases.shutdownAsync()
                try? await writerGroup.shutdownGracefully()
                throw error
            }
        case .postgres(let url):
            let databases = Databases(threadPool: NIOThreadPool.singleton, on: group)
            let configuration = try SQLPostgresConfiguration(url: url)
            databases.use(
                .postgres(
                    configuration: configuration, maxConnectionsPerEventLoop: perLoop, connectionPoolTimeout: pool.timeout, encodingContext: .default,
                    decodingContext: .default, sqlLogLevel: .trace), as: .writer)
            recordPoolSize(reader: perLoop * loops.count, writer: perLoop * loops.count)
            return PatioDatabase(settings: settings, databases: databases, loops: loops, writerLoop: writerLoop, queue: nil, logger: logger)
        }
    }

    /// Pool sizes as gauges, so `/metrics` shows how many connections each pool may open.
    private static func recordPoolSize(reader: Int, writer: Int) {
        Gauge(label: "patio_db_pool_max_connections", dimensions: [("pool", "reader")]).record(reader)
        Gauge(label: "patio_db_pool_max_connections", dimensions: [("pool", "writer")]).record(writer)
    }

    /// A database for reads. On SQLite these connections never block the writer (WAL). Inside a `write` it
    /// is that write's own transaction, so a read there never waits for a second connection and sees what the
    /// write has changed so far.
    public var reader: any Database {
        get throws {
            if let held = HeldTransaction.of(ObjectIdentifier(self)) { return held }
            if let sharedReaders { return sharedReaders.reader }
            return try writerConnection(on: anyLoop)
        }
    }

    /// One of the loops whose pools hold connections.
    private var anyLoop: any EventLoop { loops.randomElement() ?? writerLoop }

    /// A handle on the writer's pool (every connection on PostgreSQL), or 503 once the database has been
    /// closed (during shutdown).
    private func writerConnection(on loop: any EventLoop) throws -> any Database {
        guard let database = databases.database(.writer, logger: logger, on: loop) else {
            throw AppError(.serviceUnavailable, code: "database_unavailable", detail: "The database is not available right now.")
        }
        return database
    }

    /// Runs `body` as one atomic, durable write and returns once it is committed.
    ///
    /// Called inside another write (directly or through a service), it joins that write's transaction in a
    /// savepoint and is committed with it, instead of waiting for a connection its caller may be holding.
    public func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let owner = ObjectIdentifier(self)
        if let held = HeldTransaction.of(owner) {
            return try await HeldTransaction.nested(on: held, body)
        }
        let afterwards = WriteAftermath()
        do {
            let value: T
            if let queue {
                value = try await queue.write { db in try await HeldTransaction.holding(db, for: owner, afterwards: afterwards, body) }
            } else {
                value = try await Self.transactionOnItsLoop(writerConnection(on: anyLoop)) { db in
                    try await HeldTransaction.holding(db, for: owner, afterwards: afterwards, body)
                }
            }
            await afterwards.run()
            return value
        } catch {
            await afterwards.run()
            throw error
        }
    }

    /// A PostgreSQL transaction on a connection of `pool`, its body run on the connection's event loop
    /// (`EventLoopTaskExecutor`).
    ///
    /// PostgresNIO writes each statement and reads its answer on that loop. A body run elsewhere crosses threads twice
    /// per statement, there and back, and a check-in's write sends six; on the loop, only the caller's wait crosses.
    /// A write's body is database work, as on SQLite, where every body runs on the writer's one thread: what takes
    /// long on its own (hashing a password, rendering a document) is done before the write, or awaited elsewhere.
    private static func transactionOnItsLoop<T: Sendable>(
        _ pool: any Database, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await pool.withConnection { connection in
            connection.eventLoop.makeFutureWithTaskOnThisLoop {
                let sql = try connection.sql
                try await sql.raw("BEGIN").run()
                let value: T
                do {
                    value = try await body(connection)
                } catch {
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
                try await sql.raw("COMMIT").run()
                return value
            }
        }.get()
    }

    /// A write of one statement that returns the rows it changed (`UPDATE … RETURNING …`), answering them: the same as
    /// `write { db in await announcing(); return try await db.sql.raw(statement(db.sql)).all(decoding: Row.self) }`.
    ///
    /// On PostgreSQL, outside another write, the statement runs on its own instead of between `BEGIN` and
    /// `COMMIT`, and what `announcing` sends with ``notify(channel:payload:)`` goes out inside that same statement:
    /// one round trip instead of four, and the rows it changes stay locked only while it runs, not while three more
    /// answers travel. Many requests changing one row then no longer queue behind each other's round trips. A
    /// notice goes out only when the statement commits and returns a row: one that changed nothing announces nothing.
    /// There the statement is kept prepared (`keptPrepared`): its text must take only a few forms, binds aside.
    public func write<Row: Decodable & Sendable>(
        statement: @escaping @Sendable (any SQLDatabase) -> SQLQueryString, decoding: Row.Type,
        announcing: @escaping @Sendable () async -> Void = {}
    ) async throws -> [Row] {
        let owner = ObjectIdentifier(self)
        guard !isSQLite, HeldTransaction.of(owner) == nil else {
            return try await write { db in
                await announcing()
                let sql = try db.sql
                return try await sql.raw(statement(sql)).all(decoding: Row.self)
            }
        }
        let pending = StatementWrite(owner: owner)
        await StatementWrite.$current.withValue(pending) { await announcing() }
        do {
            let sql = try writerConnection(on: anyLoop).sql.keptPrepared
            let rows = try await sql.raw(pending.carrying(statement(sql))).all(decoding: Row.self)
            await pending.afterwards.run()
            return rows
        } catch {
            await pending.afterwards.run()
            throw error
        }
    }

    /// Runs `action` once the write the current task is in has ended — committed, or rolled back — and at
    /// once outside a write. For what must not see the change before it is committed: a cache told to
    /// forget a row before the commit could read the old row back and keep it.
    public func afterWrite(_ action: @escaping @Sendable () async -> Void) async {
        if let afterwards = HeldTransaction.aftermath(of: ObjectIdentifier(self)) ?? StatementWrite.of(ObjectIdentifier(self))?.afterwards {
            afterwards.add(action)
        } else {
            await action()
        }
    }

    /// The connection migrations and maintenance run on (the writer).
    public var maintenance: any Database {
        get throws { try writerConnection(on: writerLoop) }
    }

    /// Checks the database answers a trivial query.
    public func ping() async throws {
        _ = try await (try reader.sql).raw("SELECT 1 AS ok").all()
    }

    /// Runs every pending migration of `registry`.
    public func migrate(_ registry: MigrationRegistry) async throws {
        let migrations = Migrations()
        for migration in registry.all { migrations.add(migration, to: .writer) }
        let migrator = Migrator(databases: databases, migrations: migrations, logger: logger, on: writerLoop, migrationLogLevel: .debug)
        try await migrator.setupIfNeeded().get()
        try await migrator.prepareBatch().get()
    }

    /// Makes a consistent copy of a live SQLite database (`VACUUM INTO`), safe while serving.
    public func backup(to path: String) async throws {
        guard isSQLite else {
            throw DatabaseMaintenanceError.unsupported("On PostgreSQL use pg_dump; `patio backup` copies the embedded SQLite file.")
        }
        if FileManager.default.fileExists(atPath: path) {
            throw DatabaseMaintenanceError.targetExists(path)
        }
        let quoted = path.replacingOccurrences(of: "'", with: "''")
        try await (try reader.sql).raw(SQLQueryString("VACUUM INTO '\(unsafeRaw: quoted)'")).run()
    }

    /// Returns `ok` when SQLite finds no corruption.
    public func integrityCheck() async throws -> String {
        struct Row: Decodable { let integrity_check: String }
        let rows = try await (try reader.sql).raw("PRAGMA integrity_check").all(decoding: Row.self)
        return rows.map(\.integrity_check).joined(separator: "\n")
    }

    /// Drains the write queue and closes every connection.
    public func close() async {
        await queue?.close()
        await sharedReaders?.close()
        writerHandle?.close()
        await databases.shutdownAsync()
        try? await writerGroup?.shutdownGracefully()
    }
}

public enum DatabaseMaintenanceError: Error, CustomStringConvertible {
    case unsupported(String)
    case targetExists(String)

    public var description: String {
        switch self {
        case .unsupported(let message): message
        case .targetExists(let path): "\(path) already exists; choose a new file name."
        }
    }
}
