import Foundation
import GRDB
import OpenAPIRuntime
import PatioAPI

/// Keeps an ``OfflineStore`` and Patio in step for any sync collection (`onboarding.tasks`,
/// `courier.pickups`…), following Patio's four rules: pending changes stay queued until Patio answers them,
/// a pull never overwrites a pending change, pushes go in mutation order and are resent whole after a
/// network error, and a page's cursor is kept only with its rows.
public actor SyncEngine {
    /// How long to wait between attempts when Patio cannot be reached.
    public struct Backoff: Sendable {
        public var first: Duration = .seconds(1)
        public var maximum: Duration = .seconds(60)
        public var attempts = 5

        public init(first: Duration = .seconds(1), maximum: Duration = .seconds(60), attempts: Int = 5) {
            self.first = first
            self.maximum = maximum
            self.attempts = attempts
        }

        func delay(after attempt: Int) -> Duration {
            min(maximum, first * Int(pow(2, Double(max(0, attempt - 1)))))
        }
    }

    /// What one push did.
    public struct PushReport: Sendable, Equatable {
        public var applied = 0
        public var conflicts = 0
        public var rejected = 0

        public init(applied: Int = 0, conflicts: Int = 0, rejected: Int = 0) {
            self.applied = applied
            self.conflicts = conflicts
            self.rejected = rejected
        }

        mutating func add(_ other: PushReport) {
            applied += other.applied
            conflicts += other.conflicts
            rejected += other.rejected
        }
    }

    private nonisolated let patio: Patio
    public nonisolated let store: OfflineStore
    private let backoff: Backoff
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Rows per pull page (Patio allows 1–1000).
    private nonisolated let pageSize: Int

    public init(
        patio: Patio, store: OfflineStore, pageSize: Int = 500, backoff: Backoff = Backoff(),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.patio = patio
        self.store = store
        self.pageSize = min(max(pageSize, 1), 1000)
        self.backoff = backoff
        self.sleep = sleep
    }

    /// Pushes pending changes, then pulls, retrying with backoff while Patio cannot be reached. Refusals
    /// (access, unknown collection) are thrown at once.
    @discardableResult
    public func sync(_ collection: String) async throws -> PushReport {
        var attempt = 0
        while true {
            do {
                let report = try await push(collection)
                try await pull(collection)
                return report
            } catch PatioError.offline(let reason) {
                attempt += 1
                guard attempt < backoff.attempts else { throw PatioError.offline(reason) }
                try await sleep(backoff.delay(after: attempt))
            }
        }
    }

    /// Pulls every change since the kept cursor, page by page; returns how many changes were stored.
    ///
    /// The next page is asked for while this one is being stored: Patio prepares it as the device writes, instead
    /// of each waiting for the other. A page is stored with its cursor in one transaction, and a page is only
    /// stored after the one before it, so a failure anywhere keeps the cursor of the last page stored and the
    /// next pull starts from there.
    @discardableResult
    public func pull(_ collection: String) async throws -> Int {
        var stored = 0
        let cursor = try await store.database.read { db in try OfflineStore.cursor(db, collection: collection) }
        var page = try await fetchPage(collection, after: cursor)
        while true {
            let following = page.hasMore ? Task { [cursor = page.cursor] in try await fetchPage(collection, after: cursor) } : nil
            do {
                try await apply(page, collection: collection)
            } catch {
                following?.cancel()
                throw error
            }
            stored += page.changes.count
            guard let following else { return stored }
            page = try await following.value
        }
    }

    /// One page of `collection` after `cursor`, read from Patio's bytes.
    private nonisolated func fetchPage(_ collection: String, after cursor: String?) async throws -> SyncPageBytes {
        try SyncPageBytes.parse(try await patio.raw.get(SyncPageBytes.path(collection, cursor: cursor, limit: pageSize), operationID: "syncPull"))
    }

    /// Stores one page and its cursor in one transaction.
    func apply(_ page: SyncPageBytes, collection: String) async throws {
        try await store.database.write { db in
            // Prepared once per page, not once per row.
            let put = try db.cachedStatement(sql: "INSERT OR REPLACE INTO kit_rows (collection, id, version, data) VALUES (?, ?, ?, ?)")
            let delete = try db.cachedStatement(sql: "DELETE FROM kit_rows WHERE collection = ? AND id = ?")
            for change in page.changes {
                switch change.op {
                case .put: try put.execute(arguments: [collection, change.id, change.version, change.data ?? "{}"])
                case .delete: try delete.execute(arguments: [collection, change.id])
                }
            }
            try db.execute(sql: "INSERT OR REPLACE INTO kit_cursors (collection, cursor) VALUES (?, ?)", arguments: [collection, page.cursor])
        }
    }

    /// Sends pending changes in mutation order, 100 at a time, and records each answer. A network error
    /// leaves the queue as it was, so the same batch goes again.
    ///
    /// A batch's answers are recorded while the next batch is on its way: Patio has applied the batch before
    /// the next one leaves, so the order holds, and the next batch stops short of the first change to a row the
    /// unrecorded answers touch, whose base version those answers give. When nothing else can go, the answers
    /// are recorded first.
    @discardableResult
    public func push(_ collection: String) async throws -> PushReport {
        var report = PushReport()
        let clientID = try store.clientID()
        var unrecorded: Answered?
        while true {
            let sent = unrecorded?.batch ?? []
            let batch = try await store.database.read { db in try Self.nextBatch(db, collection: collection, after: sent, limit: 100) }
            if batch.isEmpty {
                guard let last = unrecorded else { return report }
                report.add(try await record(last, collection: collection))
                unrecorded = nil
                continue
            }
            let previous = unrecorded
            async let recording = record(previous, collection: collection)
            let answer: Result<[Components.Schemas.SyncMutationResult], any Error>
            do {
                answer = .success(try await send(batch, clientID: clientID, collection: collection))
            } catch {
                answer = .failure(error)
            }
            // The batch before is recorded whatever became of this one.
            report.add(try await recording)
            unrecorded = Answered(results: try answer.get(), batch: batch)
        }
    }

    /// A batch sent and its answers, not yet recorded.
    private struct Answered: Sendable {
        var results: [Components.Schemas.SyncMutationResult]
        var batch: [OfflineStore.Pending]
    }

    /// The changes to send after `sent` (whose answers are not recorded yet), in mutation order, up to `limit`
    /// and up to the first that changes one of `sent`'s rows.
    static func nextBatch(_ db: Database, collection: String, after sent: [OfflineStore.Pending], limit: Int) throws -> [OfflineStore.Pending] {
        let sentIDs = Set(sent.map(\.mutationID)), sentRows = Set(sent.map(\.rowID))
        var batch: [OfflineStore.Pending] = []
        for pending in try OfflineStore.pending(db, collection: collection, limit: limit + sent.count) where !sentIDs.contains(pending.mutationID) {
            guard !sentRows.contains(pending.rowID), batch.count < limit else { break }
            batch.append(pending)
        }
        return batch
    }

    private func send(_ batch: [OfflineStore.Pending], clientID: String, collection: String) async throws -> [Components.Schemas.SyncMutationResult] {
        let mutations = try batch.map { pending in
            Components.Schemas.SyncMutation(
                mutationId: pending.mutationID, op: pending.op == "delete" ? .delete : .put, id: pending.rowID,
                baseVersion: pending.baseVersion, fields: pending.op == "delete" ? nil : try Self.container(pending.fields))
        }
        let output = try await patio.call {
            try await patio.api.syncPush(path: .init(collection: collection), body: .json(.init(clientId: clientID, mutations: mutations)))
        }
        guard case .ok(let ok) = output, case .json(let answer) = ok.body else { throw PatioError.unexpected(status: 0) }
        return answer.results
    }

    /// Records a batch's answers; nothing when there is no batch.
    private func record(_ answered: Answered?, collection: String) async throws -> PushReport {
        guard let answered else { return PushReport() }
        let (results, batch) = (answered.results, answered.batch)
        let byID = Dictionary(batch.map { ($0.mutationID, $0) }, uniquingKeysWith: { first, _ in first })
        let answers = try results.map { result in (result, try result.server?.data.map(Self.object)) }
        // A push records a hundred answers at a time, each with the same few statements: they are prepared once
        // and kept (`cachedStatement`), not prepared again for every answer.
        return try await store.database.write { db -> PushReport in
            var counts = PushReport()
            for (result, serverData) in answers {
                guard let pending = byID[result.mutationId] else { continue }
                try db.cachedStatement(sql: "DELETE FROM kit_pending WHERE mutation_id = ?").execute(arguments: [pending.mutationID])
                var status = result.status
                var version = result.version
                if status == .duplicate {
                    // Applied by an earlier push whose answer was lost: `original` is that answer.
                    let original = try result.original.map(Self.object) ?? [:]
                    status = original["status"]?.string.flatMap(Components.Schemas.SyncMutationResult.StatusPayload.init(rawValue:)) ?? .applied
                    version = original["version"]?.number.map { Int($0) } ?? version
                }
                switch status {
                case .applied, .duplicate:
                    counts.applied += 1
                    guard let version else { continue }
                    if pending.op == "delete" {
                        try db.execute(sql: "DELETE FROM kit_rows WHERE collection = ? AND id = ?", arguments: [collection, pending.rowID])
                    } else {
                        var fields =
                            try String.fetchOne(
                                db.cachedStatement(sql: "SELECT data FROM kit_rows WHERE collection = ? AND id = ?"),
                                arguments: [collection, pending.rowID]
                            )
                            .map(JSONObject.parse) ?? ["id": .string(pending.rowID)]
                        fields.merge(pending.fields) { _, mine in mine }
                        try db.cachedStatement(sql: "INSERT OR REPLACE INTO kit_rows (collection, id, version, data) VALUES (?, ?, ?, ?)")
                            .execute(arguments: [collection, pending.rowID, version, try fields.text()])
                    }
                    // Later changes of the same row build on the version this one made.
                    try db.cachedStatement(sql: "UPDATE kit_pending SET base_version = ? WHERE collection = ? AND row_id = ?")
                        .execute(arguments: [version, collection, pending.rowID])
                case .conflict:
                    counts.conflicts += 1
                    let serverVersion = result.server?.version ?? 0
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO kit_conflicts (mutation_id, collection, row_id, fields, mine, server, server_version)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            pending.mutationID, collection, pending.rowID,
                            String(decoding: try JSONEncoder().encode(result.fields ?? []), as: UTF8.self),
                            try pending.fields.text(), try serverData?.text(), serverVersion,
                        ])
                    if let serverData {
                        try db.execute(
                            sql: "INSERT OR REPLACE INTO kit_rows (collection, id, version, data) VALUES (?, ?, ?, ?)",
                            arguments: [collection, pending.rowID, serverVersion, try serverData.text()])
                    } else {
                        try db.execute(sql: "DELETE FROM kit_rows WHERE collection = ? AND id = ?", arguments: [collection, pending.rowID])
                    }
                case .rejected:
                    counts.rejected += 1
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO kit_rejections (mutation_id, collection, row_id, code, detail) VALUES (?, ?, ?, ?, ?)",
                        arguments: [pending.mutationID, collection, pending.rowID, result.code ?? "rejected", result.detail ?? ""])
                }
            }
            return counts
        }
    }

    /// Settles a conflict: keeping mine queues my values again on the server's version; otherwise the
    /// server's row stays.
    public func resolve(_ conflict: SyncConflict, keepMine: Bool) async throws {
        try await store.database.write { db in
            try db.execute(sql: "DELETE FROM kit_conflicts WHERE mutation_id = ?", arguments: [conflict.mutationID])
            if keepMine {
                try OfflineStore.enqueue(
                    db, collection: conflict.collection, id: conflict.rowID, op: "put",
                    baseVersion: conflict.serverVersion, fields: conflict.mine)
            }
        }
    }

    /// The free-form object the generated client decoded, as JSON values. Read from the decoded values
    /// directly: a round trip through JSON text cost most of a pull's time.
    static func object(_ container: OpenAPIObjectContainer) throws -> JSONObject {
        try container.value.mapValues(JSONValue.init(decoded:))
    }

    static func container(_ object: JSONObject) throws -> OpenAPIObjectContainer {
        try JSONDecoder().decode(OpenAPIObjectContainer.self, from: try JSONEncoder().encode(object))
    }
}

extension JSONValue {
    /// A value as the OpenAPI runtime decodes free-form JSON: nil, `Bool`, `Int`, `Double`, `String`, and
    /// arrays and string-keyed dictionaries of those.
    init(decoded value: (any Sendable)?) throws {
        switch value {
        case .none: self = .null
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .number(Double(int))
        case let double as Double: self = .number(double)
        case let string as String: self = .string(string)
        case let array as [(any Sendable)?]: self = .array(try array.map(JSONValue.init(decoded:)))
        case let object as [String: (any Sendable)?]: self = .object(try object.mapValues(JSONValue.init(decoded:)))
        case .some(let other): throw PatioError.undecodable("a JSON value of type \(type(of: other))")
        }
    }
}
