import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

/// A courier company for tests: the demo network, dispatch, and two agents (Ana and Beto) in Bogotá, with
/// their bearer tokens. The clock is set to 10:00 in Bogotá so the day's windows are open.
struct CourierWorld {
    let patio: TestPatio
    let client: any TestClientProtocol
    let dispatch: String
    let ana: Agent
    let beto: Agent
    let today: String

    struct Agent {
        let id: UUID
        let accountID: UUID
        let token: String
    }

    static let bogota = TimeZone(identifier: "America/Bogota")!

    static func make(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> CourierWorld {
        // 2026-11-23 10:00 in Bogotá (UTC-5).
        patio.clock.set(Date(timeIntervalSince1970: 1_795_446_000))
        let dispatch = try await patio.token(for: "despacho@test.patio", roles: [CourierRoles.admin], client: client)
        // The network is set up through the service, not HTTP: live tests' clients give up on a request after
        // 20 seconds, and a busy machine running the whole suite on PostgreSQL can take that long for an
        // import (the import API has its own tests).
        _ = try await CourierServices(environment: patio.components.environment).localities.importCSV(try CourierDemo.networkCSV())
        let ana = try await agent(
            patio, client, dispatch: dispatch, email: "ana@test.patio", usuario: "ana", id: "1010101010", names: ("Ana", "Pérez", "Gómez"))
        let beto = try await agent(
            patio, client, dispatch: dispatch, email: "beto@test.patio", usuario: "beto", id: "2020202020", names: ("Beto", "Ríos", ""))
        let today = LocalDate(patio.clock.date, in: bogota).description
        return CourierWorld(patio: patio, client: client, dispatch: dispatch, ana: ana, beto: beto, today: today)
    }

    private static func agent(
        _ patio: TestPatio, _ client: any TestClientProtocol, dispatch: String, email: String, usuario: String, id: String,
        names: (String, String, String)
    ) async throws -> Agent {
        let created = try await client.created(
            "/api/v1/courier/agents", token: dispatch,
            [
                "email": email, "password": TestPatio.password, "usuario": usuario, "identificacion": id, "firstName": names.0,
                "surname1": names.1, "surname2": names.2, "position": "Mensajero", "serviceCentreId": 1001,
                "serviceCentreName": "CENTRO DE SERVICIO BOGOTÁ", "homeLocalityCode": "11001000",
            ])
        let token = try await patio.login(email, client: client)
        return Agent(
            id: UUID(uuidString: try #require(created["id"] as? String))!,
            accountID: UUID(uuidString: try #require(created["accountId"] as? String))!, token: token)
    }

    /// A pickup in Bogotá today for `agent`; returns its id.
    @discardableResult
    func pickup(
        for agent: Agent, sender: String = "Ferretería El Tornillo", window: (String, String) = ("11:00", "12:00"),
        declaredValue: Int = 50_000
    ) async throws -> UUID {
        let created = try await client.created(
            "/api/v1/courier/pickups", token: dispatch,
            [
                "senderName": sender, "phone": "3101234567", "address": "Calle 72 # 10-34", "localityCode": "11001000", "day": today,
                "windowStart": window.0, "windowEnd": window.1, "declaredValue": declaredValue, "agentId": agent.id.uuidString,
            ])
        return UUID(uuidString: try #require(created["id"] as? String))!
    }

    /// Uploads `bytes` as `agent` with an idempotency key; the raw response.
    func upload(
        _ bytes: [UInt8] = SamplePhotos.jpegWithLocation, as agent: Agent, key: String = UUID().uuidString, pickup: UUID? = nil,
        keepLocation: Bool = false, contentType: String = "image/jpeg"
    ) async throws -> TestResponse {
        var query: [String] = []
        if let pickup { query.append("pickupId=\(pickup)") }
        if keepLocation { query.append("keepLocation=true") }
        let path = "/api/v1/courier/photos" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return try await client.execute(
            uri: path, method: .post,
            headers: [
                .authorization: "Bearer \(agent.token)", .contentType: contentType,
                HTTPField.Name("Idempotency-Key")!: key,
            ], body: .init(bytes: bytes))
    }

    /// A pulled sync page.
    struct Page: Decodable {
        var changes: [Change]
        var cursor: String
        var hasMore: Bool
    }

    struct Change: Decodable {
        var op: String
        var id: UUID
        var version: Int
        var data: [String: JSONValue]?
    }

    /// Every change of `collection` for `token`, page by page from `cursor`.
    func pullAll(_ collection: String, token: String, from cursor: String? = nil, limit: Int = 100) async throws -> (
        changes: [Change], cursor: String?
    ) {
        var cursor = cursor, changes: [Change] = []
        while true {
            let path = "/api/v1/sync/\(collection)?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")
            let response = try await client.api(.get, path, token: token)
            try #require(response.status == .ok, "pull answered \(response.status): \(String(buffer: response.body))")
            let page = try PatioJSON.decoder().decode(Page.self, from: Data(buffer: response.body))
            changes += page.changes
            cursor = page.cursor
            if !page.hasMore { return (changes, cursor) }
        }
    }

    /// Pushes `mutations` to `collection` as `token`'s device `clientId`; the results.
    func push(_ collection: String, token: String, clientId: String, _ mutations: [[String: Any]]) async throws -> [[String: Any]] {
        let response = try await client.api(
            .post, "/api/v1/sync/\(collection)/mutations", token: token, body: ["clientId": clientId, "mutations": mutations])
        try #require(response.status == .ok, "push answered \(response.status): \(String(buffer: response.body))")
        return try #require(try object(response)["results"] as? [[String: Any]])
    }
}
