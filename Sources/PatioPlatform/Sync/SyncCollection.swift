import FluentKit
import Foundation
import PatioCore

/// A module's table that apps keep an offline copy of, registered with the sync service under a name
/// such as `<module>.tasks`. The module keeps its own table; the collection tells the sync service
/// who sees which rows, what a row looks like on the wire, and how to apply a client's change.
public struct SyncCollection: Sendable {
    public let name: String
    /// The visibility scopes `principal` pulls and pushes in (`account:<id>`…); none means no access.
    public let scopes: @Sendable (_ principal: Principal) -> [String]
    /// The current wire form of the given rows, read on `db`; rows missing from the answer are skipped.
    public let rows: @Sendable (_ ids: [UUID], _ db: any Database) async throws -> [UUID: [String: JSONValue]]
    /// The same rows as `rows`, already written as JSON objects with sorted keys (`SyncTableRows.written`), for a
    /// collection pulled in bulk; a pull uses it instead of `rows` when given. Rows whose JSON the module handed to
    /// the feed when it wrote them (`SyncFeed.recordPut(…, written:)`) are read by neither.
    public let writtenRows: (@Sendable (_ ids: [UUID], _ db: any Database) async throws -> [UUID: JSONText])?
    /// Applies a client's change inside the push's transaction (the sync service has already checked
    /// versions). `current` is the row's wire form as `rows` read it in this same transaction, nil when the row
    /// is unknown or not live in the principal's scopes. Throw `SyncRejection` to refuse it; the service
    /// records the returned write in the feed.
    public let apply:
        @Sendable (_ mutation: SyncMutation, _ principal: Principal, _ current: [String: JSONValue]?, _ db: any Database) async throws -> SyncWrite
    /// Runs after a push that applied at least one mutation has committed (to tell live watchers).
    public let didCommit: (@Sendable () async -> Void)?
    /// Checks against the database, before a pull or a push, what `scopes` cannot see in the principal
    /// alone (such as a module's own profile of the account being suspended). Throws an `AppError` (a 403)
    /// to refuse the whole request; a refused push keeps the device's changes for a later push.
    public let admit: (@Sendable (_ principal: Principal, _ db: any Database) async throws -> Void)?

    public init(
        name: String,
        scopes: @escaping @Sendable (Principal) -> [String],
        rows: @escaping @Sendable ([UUID], any Database) async throws -> [UUID: [String: JSONValue]],
        writtenRows: (@Sendable ([UUID], any Database) async throws -> [UUID: JSONText])? = nil,
        apply: @escaping @Sendable (SyncMutation, Principal, [String: JSONValue]?, any Database) async throws -> SyncWrite,
        didCommit: (@Sendable () async -> Void)? = nil,
        admit: (@Sendable (Principal, any Database) async throws -> Void)? = nil
    ) {
        self.name = name
        self.scopes = scopes
        self.rows = rows
        self.writtenRows = writtenRows
        self.apply = apply
        self.didCommit = didCommit
        self.admit = admit
    }
}

/// One change a client made offline.
public struct SyncMutation: Codable, Sendable, Equatable {
    public var mutationId: Int
    public var op: Op
    public var id: UUID
    public var baseVersion: Int
    public var fields: [String: JSONValue]?

    public enum Op: String, Codable, Sendable { case put, delete }

    public init(mutationId: Int, op: Op, id: UUID, baseVersion: Int, fields: [String: JSONValue]? = nil) {
        self.mutationId = mutationId
        self.op = op
        self.id = id
        self.baseVersion = baseVersion
        self.fields = fields
    }
}

/// What applying a mutation did to the module's table, for the feed.
public enum SyncWrite: Sendable, Equatable {
    /// The row now exists in `scope`, with `changed` fields new.
    case put(scope: String, changed: [String])
    case delete
}

/// A mutation the module refuses (validation or access); answered as `rejected` with this code.
public struct SyncRejection: Error, Sendable {
    public let code: String
    public let detail: String

    public init(_ code: String, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
