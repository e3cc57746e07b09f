import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// Pull and push for every registered collection (protocol: docs/sync.md).
public struct SyncService: Sendable {
    let database: PatioDatabase
    let collections: SyncCollections
    let feed = SyncFeed()

    /// Most mutations one push may carry.
    public static let maxMutations = 100
    /// Largest pull page.
    public static let maxPullLimit = 1_000

    public init(database: PatioDatabase, collections: [SyncCollection]) {
        self.init(database: database, collections: SyncCollections(collections))
    }

    /// A service whose collections are added as modules start (``SyncCollections``).
    public init(database: PatioDatabase, collections: SyncCollections) {
        self.database = database
        self.collections = collections
    }

    // MARK: Pull

    /// Changes after `cursor` that `principal` may see, oldest first.
    ///
    /// The page is written as the feed's rows are stepped through: a row whose JSON the feed keeps is copied from
    /// where the database holds it into the page, with no `Change` or `String` made of it. Puts whose JSON the feed
    /// does not keep are read through the collection afterwards and written in their places.
    public func pull(_ name: String, principal: Principal, cursor: String?, limit: Int?) async throws -> Page {
        let (collection, scopes) = try resolve(name, principal)
        try await collection.admit?(principal, try database.reader)
        let after = try cursor.map { try SyncCursor.decode($0, collection: name) } ?? 0
        let limit = limit ?? 100
        guard (1...Self.maxPullLimit).contains(limit) else {
            throw AppError.validation(field: "limit", "Give a limit from 1 to \(Self.maxPullLimit).", code: "limit_range")
        }
        let db = try database.reader
        var page = PageWriter(capacity: 256 + limit * Self.expectedRowBytes)
        var unread: [(place: Int, row: (text: IDText, id: UUID, version: Int))] = []
        var (read, last) = (0, after)
        // Fixed text (`resolve` never answers without a scope): every page of a pull runs it.
        try await (try db.sql).lendRows(
            """
            SELECT row_id, seq, version, deleted, data FROM sync_rows
            WHERE collection = \(bind: name) AND scope IN (\(binds: scopes)) AND seq > \(bind: after) ORDER BY seq LIMIT \(literal: limit + 1)
            """
        ) { row in
            read += 1
            // The row past the limit only says that more follow.
            guard read <= limit else { return }
            last = try row.int(1)
            guard let id = try row.withOptionalText(0, Self.rowID) else { return }
            let version = try row.int(2)
            if try row.bool(3) {
                page.delete(id, version: version)
                return
            }
            let kept = try row.withOptionalText(4) { text -> Bool in
                guard let text else { return false }
                page.put(id, version: version) { $0.append(storedUTF8: text) }
                return true
            }
            if !kept { unread.append((page.place, (id, id.value, version))) }
        }
        if !unread.isEmpty {
            // A row deleted from the module's table after its entry was read is left out; its tombstone comes next.
            let ids = unread.map(\.row.id)
            if let writtenRows = collection.writtenRows {
                let written = try await writtenRows(ids, db)
                page.insert(unread) { page, row in
                    guard let text = written[row.id] else { return }
                    page.put(row.text, version: row.version) { $0.append(text) }
                }
            } else {
                let data = try await collection.rows(ids, db)
                page.insert(unread) { page, row in
                    guard let fields = data[row.id] else { return }
                    page.put(row.text, version: row.version) { $0.object(fields) }
                }
            }
        }
        return Page(json: page.finish(cursor: SyncCursor.encode(collection: name, seq: last), hasMore: read > limit))
    }

    /// Room a page makes for each row ahead of writing it, so a page of kept rows is rarely copied to grow.
    static let expectedRowBytes = 1_024

    /// A feed row's id as the page writes it, from the text the database lends; nil (the row is skipped) when it
    /// is no id.
    private static func rowID(_ text: UnsafeBufferPointer<UInt8>?) -> IDText? {
        guard let text else { return nil }
        if let canonical = IDText(canonicalUTF8: text) { return canonical }
        return UUID(anyText: String(decoding: text, as: UTF8.self)).map(IDText.init)
    }

    // MARK: Push

    public struct PushRequest: Codable, Sendable {
        public var clientId: String?
        public var mutations: [SyncMutation]?

        public init(clientId: String?, mutations: [SyncMutation]?) {
            self.clientId = clientId
            self.mutations = mutations
        }
    }

    public struct MutationResult: Codable, Sendable, Equatable {
        public var mutationId: Int
        public var status: Status
        public var version: Int?
        public var code: String?
        public var detail: String?
        public var fields: [String]?
        public var server: Change?
        /// For a duplicate: what the first push of this mutation answered.
        public var original: Original?

        public enum Status: String, Codable, Sendable { case applied, duplicate, conflict, rejected }

        /// The first answer to a mutation pushed again (never itself a duplicate).
        public struct Original: Codable, Sendable, Equatable {
            public var status: Status
            public var version: Int?
            public var code: String?
            public var fields: [String]?

            public init(status: Status, version: Int?, code: String?, fields: [String]?) {
                self.status = status
                self.version = version
                self.code = code
                self.fields = fields
            }
        }
    }

    public struct PushResponse: Codable, Sendable {
        public var results: [MutationResult]
    }

    /// Applies `request`'s mutations in order, in one transaction with the client's last applied
    /// `mutationId`: pushing the same batch again changes nothing and answers `duplicate` for each.
    public func push(_ name: String, principal: Principal, request: PushRequest) async throws -> PushResponse {
        let (collection, scopes) = try resolve(name, principal)
        try await collection.admit?(principal, try database.reader)
        let (clientID, mutations) = try Self.validate(request)
        let results: [MutationResult] = try await database.write { db in
            // On PostgreSQL a push locks only its own rows (SyncFeedLocks): pushes of different rows overlap.
            try await SyncFeedLocks.$current.withValue(SyncFeedLocks()) {
                try await self.feed.lockRows(collection.name, ids: mutations.map(\.id), on: db)
                return try await applyInOrder(mutations, collection: collection, scopes: scopes, principal: principal, client: clientID, on: db)
            }
        }
        if let didCommit = collection.didCommit, results.contains(where: { $0.status == .applied }) { await didCommit() }
        return PushResponse(results: results)
    }

    /// A push's mutations in order, inside its transaction, with the device's log. The device's answers and the
    /// feed's writes go out together at the end: the feed's last, so the sequence counter is held only until commit.
    private func applyInOrder(
        _ mutations: [SyncMutation], collection: SyncCollection, scopes: [String], principal: Principal, client clientID: String,
        on db: any Database
    ) async throws -> [MutationResult] {
        let account = principal.accountID.wireText
        let sql = try db.sql
        var log = SyncClientLog(account: account, client: clientID, sql: sql)
        let state = try await log.open()
        var last = state.lastMutationID
        var results: [MutationResult] = []
        // The versions this push's own mutations gave each row: a later mutation of the same row was
        // made on top of the earlier one, so it is read against that version, never as its conflict.
        var ownVersions: [UUID: Int] = [:]
        // The rows' entries and fields, read for the whole push in one query each rather than per mutation.
        // A row is read again once this push has changed it.
        var known = try await Self.prefetch(mutations.filter { $0.mutationId > last }, collection: collection, scopes: scopes, feed: feed, on: db)
        // The feed's rows and the client's answers are written once, after the last mutation.
        try await feed.batchingWrites(on: db) {
            for var mutation in mutations {
                if mutation.mutationId <= last {
                    results.append(try await log.repeated(mutation, forgottenThrough: state.forgottenThrough))
                    continue
                }
                if let own = ownVersions[mutation.id], own > mutation.baseVersion { mutation.baseVersion = own }
                let read = known.removeValue(forKey: mutation.id)
                let result = try await apply(mutation, collection: collection, scopes: scopes, principal: principal, read: read, on: db)
                log.remember(result)
                results.append(result)
                if result.status == .applied, let version = result.version { ownVersions[mutation.id] = version }
                last = mutation.mutationId
            }
            try await log.close(lastMutationID: last)
        }
        return results
    }

    /// What a push knows of a row before applying a mutation to it: its feed entries and its current fields.
    struct KnownRow: Sendable {
        var entries: [SyncFeed.Entry]
        var fields: [String: JSONValue]?
    }

    /// The entries and live fields of every row `mutations` touch, in one query each (per 500 rows).
    private static func prefetch(_ mutations: [SyncMutation], collection: SyncCollection, scopes: [String], feed: SyncFeed, on db: any Database)
        async throws -> [UUID: KnownRow]
    {
        var seen = Set<UUID>()
        let ids = mutations.map(\.id).filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return [:] }
        let entries = try await feed.entries(collection.name, ids: ids, on: db)
        let live = ids.filter { SyncFeed.live(entries[$0] ?? [], scopes: scopes) != nil }
        let fields = live.isEmpty ? [:] : try await collection.rows(live, db)
        return Dictionary(uniqueKeysWithValues: ids.map { ($0, KnownRow(entries: entries[$0] ?? [], fields: fields[$0])) })
    }

    private func apply(
        _ mutation: SyncMutation, collection: SyncCollection, scopes: [String], principal: Principal, read: KnownRow?, on db: any Database
    ) async throws -> MutationResult {
        var result = MutationResult(mutationId: mutation.mutationId, status: .applied)
        let entry: SyncFeed.Entry?
        let current: [String: JSONValue]?
        if let read {
            entry = SyncFeed.live(read.entries, scopes: scopes)
            current = entry == nil ? nil : read.fields
        } else {
            entry = try await feed.liveEntry(collection.name, id: mutation.id, scopes: scopes, on: db)
            current = entry == nil ? nil : try await collection.rows([mutation.id], db)[mutation.id]
        }
        if let entry, let current {
            // Field-level merge (SyncMerge): a field the server changed after the client's base version, to a
            // value other than the client's, is a conflict; a delete conflicts with any change the client has not seen.
            let conflicting = SyncMerge.conflicts(
                op: mutation.op, baseVersion: mutation.baseVersion, rowVersion: entry.version,
                fieldVersions: entry.fieldVersions, current: current, incoming: mutation.fields ?? [:])
            if !conflicting.isEmpty {
                result.status = .conflict
                result.fields = conflicting
                result.server = Change(op: .put, id: mutation.id, version: entry.version, data: current)
                return result
            }
        }
        do {
            switch try await collection.apply(mutation, principal, entry == nil ? nil : current, db) {
            case .put(let scope, let changed):
                result.version = try await feed.recordPut(
                    collection.name, id: mutation.id, scope: scope, changed: changed, known: read?.entries, on: db)
            case .delete:
                try await feed.recordDelete(collection.name, id: mutation.id, on: db)
                result.version = entry.map { $0.version + 1 }
            }
        } catch let rejection as SyncRejection {
            result.status = .rejected
            result.code = rejection.code
            result.detail = rejection.detail
        }
        return result
    }

    /// Whether `principal` may pull `name` at all (the collection gives them at least one scope).
    public func canSync(_ name: String, principal: Principal) -> Bool {
        guard let collection = collections[name] else { return false }
        return !collection.scopes(principal).isEmpty
    }

    // MARK: Helpers

    private func resolve(_ name: String, _ principal: Principal) throws -> (SyncCollection, [String]) {
        guard let collection = collections[name] else {
            throw AppError.notFound(code: "sync_collection_unknown", "No synced collection is called \(name).")
        }
        let scopes = collection.scopes(principal)
        guard !scopes.isEmpty else {
            throw AppError(.forbidden, code: "sync_forbidden", detail: "This account does not sync \(name).")
        }
        return (collection, scopes)
    }

    static func validate(_ request: PushRequest) throws -> (String, [SyncMutation]) {
        var validator = Validator()
        let clientID = request.clientId ?? ""
        validator.check(
            (1...64).contains(clientID.count) && clientID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
            "clientId", "Give the client's id: 1 to 64 letters, digits, - or _.", code: "client_id_format")
        let mutations = request.mutations ?? []
        validator.check(
            (1...maxMutations).contains(mutations.count), "mutations", "Send 1 to \(maxMutations) mutations per push.", code: "mutations_count")
        validator.check(
            mutations.allSatisfy { $0.mutationId > 0 && $0.baseVersion >= 0 && ($0.fields?.count ?? 0) <= 50 },
            "mutations", "Each mutation needs a positive mutationId, a baseVersion of 0 or more and at most 50 fields.", code: "mutation_format")
        try validator.validate()
        guard zip(mutations, mutations.dropFirst()).allSatisfy({ $0.mutationId < $1.mutationId }) else {
            throw AppError(
                .unprocessableContent, code: "mutation_ids_not_increasing",
                detail: "Mutation ids must increase within a push, in the order the client made the changes.")
        }
        return (clientID, mutations)
    }
}

/// Pull cursors name their collection, so one collection's cursor cannot be replayed against another.
enum SyncCursor {
    static func encode(collection: String, seq: Int) -> String {
        Data("v1:\(collection):\(seq)".utf8).base64URLEncodedString()
    }

    /// The sequence a cursor points after. Any text `encode` could not have produced is `cursor_invalid`.
    static func decode(_ cursor: String, collection: String) throws -> Int {
        guard let text = OpaqueCursor.decode(cursor) else { throw invalid }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "v1", let last = parts.last, last.allSatisfy(\.isASCII),
            let seq = Int(last), seq >= 0
        else { throw invalid }
        guard parts.dropFirst().dropLast().joined(separator: ":") == collection else {
            throw AppError.badRequest(code: "cursor_wrong_collection", "This cursor belongs to another collection.")
        }
        return seq
    }

    private static let invalid = AppError.badRequest(code: "cursor_invalid", "This cursor was not given by Patio; start again without one.")
}
