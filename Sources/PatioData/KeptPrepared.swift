import FluentKit
import FluentPostgresDriver
import Logging
import NIOCore
import SQLKit
import Synchronization

extension SQLDatabase {
    /// This database with its statements kept prepared on each PostgreSQL connection: planned once per connection
    /// instead of on every run. For the hot paths' statements, whose text takes a few forms at most, binds aside: text
    /// that varies from run to run (a value written into it, a list of binds as long as a client's) would use up the
    /// names every statement shares.
    ///
    /// PostgresNIO sends SQL built at run time as an unnamed statement, which PostgreSQL parses and plans anew
    /// each time: for a check-in's standing read, planning cost about as much as running it. Here each distinct
    /// statement text (with its binds' types) is given a name once per process, and each connection prepares it
    /// the first time it runs it there. SQLite needs none of this: Patio's own SQLite connections keep every
    /// statement prepared already, so there this is the database itself.
    ///
    /// A statement whose binds are not all plain PostgreSQL values (JSON fallbacks, arrays) runs unnamed, as
    /// before; so does every statement once `KeptStatementNames.limit` texts have been named.
    public var keptPrepared: any SQLDatabase {
        guard let postgres = self as? any PostgresDatabase, dialect.name == "postgresql" else { return self }
        return KeptPreparedDatabase(base: self, postgres: postgres, names: .shared)
    }
}

/// An SQL database on PostgreSQL whose statements run as named, kept prepared statements (`keptPrepared`).
struct KeptPreparedDatabase: SQLDatabase {
    let base: any SQLDatabase
    let postgres: any PostgresDatabase
    let names: KeptStatementNames

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let (text, binds) = serialize(query)
        var bindings = PostgresBindings(capacity: binds.count)
        var types: [UInt32] = []
        types.reserveCapacity(binds.count)
        for bind in binds {
            guard let type = try Self.append(bind, to: &bindings) else {
                return try await base.execute(sql: query, onRow)
            }
            types.append(type)
        }
        let key = KeptStatementNames.Key(text: text, bindTypes: types)
        guard let name = names.name(for: key) else {
            return try await base.execute(sql: query, onRow)
        }
        let statement = KeptStatement(bindings: bindings)
        let logger = self.logger
        let current = KeptStatement.Current(name: name, sql: text)
        @Sendable func run(on connection: PostgresConnection) async throws {
            try await KeptStatement.$current.withValue(current) {
                for try await row in try await connection.execute(statement, logger: logger) {
                    onRow(KeptPostgresRow(row))
                }
            }
        }
        do {
            // Inside a write on PostgreSQL the task already runs on its connection's loop (`PatioDatabase.write`).
            if let connection = heldConnection, connection.eventLoop.inEventLoop {
                return try await run(on: connection)
            }
            // The statement runs on its connection's loop, as PostgresNIO's own work does: written to the socket and
            // answered there with no thread between, and only the caller's wait crosses threads.
            try await postgres.withConnection { connection in
                connection.eventLoop.makeFutureWithTaskOnThisLoop { try await run(on: connection) }
            }.get()
        } catch let error as PSQLError where KeptStatementNames.forgetsPreparation(error) {
            names.renew(key, from: name)
            throw error
        }
    }

    /// The connection of the transaction this database is, if it is one: its `withConnection` lends that connection
    /// at once, where a pool's would lease one.
    private var heldConnection: PostgresConnection? {
        guard (base as? any FluentKit.Database)?.inTransaction == true else { return nil }
        final class Lent: Sendable { let connection = Mutex<PostgresConnection?>(nil) }
        let lent = Lent()
        _ = postgres.withConnection { connection in
            lent.connection.withLock { $0 = connection }
            return connection.eventLoop.makeSucceededVoidFuture()
        }
        return lent.connection.withLock { $0 }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await base.withSession(closure)
    }

    /// Appends `value` as PostgresKit binds it and answers its type's oid, or nil for a value PostgresKit binds
    /// through its `Codable` fallbacks: such statements run unnamed. A `nil` is a `NULL` of the optional's type, as
    /// PostgresKit sends it.
    private static func append<Value: Encodable>(_ value: Value, to bindings: inout PostgresBindings) throws -> UInt32? {
        if let optional = value as? any OptionalBind, optional.isNone {
            guard let type = optional.wrappedType else { return nil }
            bindings.append(PostgresData(type: type))
            return type.rawValue
        }
        // An optional holding a value is cast to that value.
        guard let encodable = value as? any PostgresThrowingDynamicTypeEncodable else { return nil }
        try bindings.append(encodable, context: .default)
        return encodable.psqlType.rawValue
    }
}

/// A bind that may be `nil`, seen without knowing what it wraps.
private protocol OptionalBind {
    var isNone: Bool { get }
    /// The PostgreSQL type of what it wraps, when that is a plain PostgreSQL value.
    var wrappedType: PostgresDataType? { get }
}

extension Optional: OptionalBind {
    var isNone: Bool { self == nil }
    var wrappedType: PostgresDataType? { (Wrapped.self as? any PostgresEncodable.Type)?.psqlType }
}
