import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioPlatform
import Testing

/// A company with HR (`rrhh@test.patio`) and two employees, Ana and Ben, signed in through the API, and
/// helpers for tasks and for the `onboarding.tasks` sync collection.
struct Company: Sendable {
    let patio: TestPatio
    let client: any TestClientProtocol
    let hr: String
    let ana: String
    let ben: String
    let anaID: UUID
    let benID: UUID

    static let tasks = "onboarding.tasks"

    static func make(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> Company {
        let hr = try await patio.token(for: "rrhh@test.patio", roles: ["onboarding.admin"], client: client)
        let ana = try await patio.account("ana@test.patio", name: "Ana Torres", roles: ["onboarding.employee"])
        let ben = try await patio.account("ben@test.patio", name: "Ben Ortiz", roles: ["onboarding.employee"])
        return Company(
            patio: patio, client: client, hr: hr, ana: try await patio.login(ana.email, client: client),
            ben: try await patio.login(ben.email, client: client), anaID: ana.id, benID: ben.id)
    }

    /// Creates a task through HR's API and returns its id.
    @discardableResult
    func task(_ text: String, due: String = "2026-12-01", for assignee: UUID) async throws -> UUID {
        let created = try await client.created(
            "/api/v1/onboarding/tasks", token: hr, ["text": text, "dueDate": due, "assigneeId": assignee.uuidString])
        return UUID(uuidString: created["id"] as! String)!
    }

    func pull(_ token: String, cursor: String? = nil, limit: Int? = nil) async throws -> SyncService.Page.Decoded {
        var query: [String] = []
        if let cursor { query.append("cursor=\(cursor)") }
        if let limit { query.append("limit=\(limit)") }
        let response = try await client.api(
            .get, "/api/v1/sync/\(Self.tasks)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), token: token)
        try #require(response.status == .ok, "pull answered \(response.status): \(String(buffer: response.body))")
        return try PatioJSON.decoder().decode(SyncService.Page.Decoded.self, from: Data(buffer: response.body))
    }

    /// Pulls page after page until `hasMore` is false; returns every change and each cursor handed out.
    func pullAll(_ token: String, from cursor: String? = nil, limit: Int = 3) async throws -> (changes: [SyncService.Change], cursors: [String]) {
        var changes: [SyncService.Change] = [], cursors: [String] = [], cursor = cursor
        while true {
            let page = try await pull(token, cursor: cursor, limit: limit)
            changes += page.changes
            cursors.append(page.cursor)
            cursor = page.cursor
            if !page.hasMore { return (changes, cursors) }
        }
    }

    func push(_ token: String, client clientID: String = "phone-1", _ mutations: [SyncMutation]) async throws -> [SyncService.MutationResult] {
        let response = try await pushResponse(token, client: clientID, mutations)
        try #require(response.status == .ok, "push answered \(response.status): \(String(buffer: response.body))")
        return try PatioJSON.decoder().decode(SyncService.PushResponse.self, from: Data(buffer: response.body)).results
    }

    func pushResponse(_ token: String, client clientID: String = "phone-1", _ mutations: [SyncMutation]) async throws -> TestResponse {
        let body = try PatioJSON.encoder().encode(SyncService.PushRequest(clientId: clientID, mutations: mutations))
        return try await client.execute(
            uri: "/api/v1/sync/\(Self.tasks)/mutations", method: .post,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/json"], body: ByteBuffer(bytes: body))
    }

    /// The employee's tasks as the REST API shows them, by id.
    func tasks(_ token: String) async throws -> [UUID: [String: Any]] {
        let items = try await client.fetch("/api/v1/onboarding/me/tasks", token: token)["items"] as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: items.map { (UUID(uuidString: $0["id"] as! String)!, $0) })
    }
}

/// A device's offline copy: rows from pulls, with its own not-yet-pushed changes kept on top, the way a
/// correct client (unlike the original app) never lets a pull overwrite a pending change.
struct OfflineReplica {
    var rows: [UUID: [String: JSONValue]] = [:]
    var versions: [UUID: Int] = [:]
    var pending: [SyncMutation] = []
    var nextMutation = 1

    mutating func apply(_ changes: [SyncService.Change]) {
        for change in changes {
            switch change.op {
            case .put: rows[change.id] = change.data; versions[change.id] = change.version
            case .delete: rows[change.id] = nil; versions[change.id] = nil
            }
        }
        for mutation in pending { rows[mutation.id]?.merge(mutation.fields ?? [:]) { _, local in local } }
    }

    mutating func tick(_ id: UUID, done: Bool) {
        pending.append(SyncMutation(mutationId: nextMutation, op: .put, id: id, baseVersion: versions[id] ?? 0, fields: ["isDone": .bool(done)]))
        nextMutation += 1
        rows[id]?["isDone"] = .bool(done)
    }
}
