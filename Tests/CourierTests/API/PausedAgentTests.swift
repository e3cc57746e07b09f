import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioPlatform
import Testing
@testable import Courier

/// Pausing an agent: their sessions end, and signing in again gets them nowhere in Courier until dispatch
/// resumes them — not the REST API, the pages, offline sync or the Controller APP's contract.
@Suite("Courier: a paused agent reaches nothing")
struct PausedAgentTests {
    /// Courier built with the Controller APP's contract on, so its routes are walked too.
    static func withWorld(_ body: @escaping @Sendable (TestPatio, any TestClientProtocol, CourierWorld) async throws -> Void) async throws {
        try await TestPatio.with(
            modules: moduleUnderTest, configure: { $0.moduleSettings = ModuleSettings(environment: ["PATIO_COMPAT": "controller-app"]) }
        ) { patio, client in
            try await body(patio, client, try await CourierWorld.make(patio, client))
        }
    }

    @Test("pausing ends the agent's sessions: the API token answers 401 and the web session goes back to sign-in; other agents keep theirs")
    func pausingEndsSessions() async throws {
        try await Self.withWorld { _, client, world in
            var page = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)
            #expect(try await client.api(.get, "/api/v1/courier/me", token: world.ana.token).status == .ok)
            #expect(try await page.get("/courier").status == .ok)

            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/deactivate", token: world.dispatch).status == .ok)

            let old = try await client.api(.get, "/api/v1/courier/me/pickups", token: world.ana.token)
            #expect(try old.status == .unauthorized && problem(old).code == "unauthenticated")
            let signedOut = try await page.get("/courier")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location]?.hasPrefix("/login") == true)
            #expect(try await client.api(.get, "/api/v1/courier/me/pickups", token: world.beto.token).status == .ok)
        }
    }

    @Test("a paused agent who signs in again is refused 403 agent_inactive on every route an agent may call; resumed, the same session works")
    func signedInAgainIsRefused() async throws {
        try await Self.withWorld { patio, client, world in
            let pickup = try await world.pickup(for: world.ana)
            let photo = try #require(try object(try await world.upload(as: world.ana, pickup: nil))["id"] as? String)
            let offlinePhoto = try #require(try object(try await world.upload(as: world.ana, pickup: nil))["id"] as? String)
            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/deactivate", token: world.dispatch).status == .ok)

            let again = try await patio.login("ana@test.patio", client: client)
            let ana = CourierWorld.Agent(id: world.ana.id, accountID: world.ana.accountID, token: again)
            var page = try await WebSession.signIn(client, email: "ana@test.patio", password: TestPatio.password)

            // What the finding named: the day's customers, one customer's pickup, photos, and the same delete offline.
            let deleteOffline: [String: Any] = [
                "clientId": "ana-phone", "mutations": [["mutationId": 1, "op": "delete", "id": offlinePhoto, "baseVersion": 1]],
            ]
            let named: [(String, TestResponse)] = [
                ("list pickups", try await client.api(.get, "/api/v1/courier/me/pickups", token: again)),
                ("read a pickup", try await client.api(.get, "/api/v1/courier/pickups/\(pickup)", token: again)),
                ("upload a photo", try await world.upload(as: ana)),
                ("delete a photo", try await client.api(.delete, "/api/v1/courier/photos/\(photo)", token: again)),
                ("pull pickups offline", try await client.api(.get, "/api/v1/sync/courier.pickups", token: again)),
                ("push a delete offline", try await client.api(.post, "/api/v1/sync/courier.photos/mutations", token: again, body: deleteOffline)),
            ]
            for (what, response) in named {
                #expect(try response.status == .forbidden && problem(response).code == "agent_inactive", "\(what): \(response.status)")
            }

            // Every Courier route an agent may call, from the router's own table. (The Controller APP's schema and
            // network are open to the apps' token-less reads; a paused agent's token there is refused in its contract tests.)
            let walked = Self.agentRoutes(patio.routes)
            #expect(walked.count >= 29, "the walk found only \(walked.count) routes")
            for route in walked {
                let path = Self.fill(route.path, pickup: pickup, photo: photo)
                if patio.components.modules.requestPath.isAPI(path) {
                    let response = try await client.api(
                        route.method, path, token: again, body: route.method == .get || route.method == .delete ? nil : [:])
                    #expect(
                        try response.status == .forbidden && problem(response).code == "agent_inactive",
                        "\(route.method) \(route.path): \(response.status)")
                } else {
                    let response = route.method == .get ? try await page.get(path) : try await page.post(path, form: [:])
                    #expect(response.status == .forbidden, "\(route.method) \(route.path): \(response.status)")
                    #expect(String(buffer: response.body).contains("Este mensajero está en pausa."), "\(route.method) \(route.path)")
                }
            }

            // Nothing was changed while paused, and dispatch still reads the pickup and its photos.
            #expect(try await client.api(.get, "/api/v1/courier/photos/\(photo)", token: world.dispatch).status == .ok)
            #expect(try await client.api(.get, "/api/v1/courier/pickups/\(pickup)/photos", token: world.dispatch).status == .ok)

            #expect(try await client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/activate", token: world.dispatch).status == .ok)
            #expect(try await client.api(.get, "/api/v1/courier/me/pickups", token: again).status == .ok)
            #expect(try await client.api(.get, "/api/v1/courier/pickups/\(pickup)", token: again).status == .ok)
            #expect(try await world.upload(as: ana).status == .created)
            #expect(try await client.api(.delete, "/api/v1/courier/photos/\(photo)", token: again).status == .noContent)
            #expect(try await client.api(.get, "/api/v1/sync/courier.pickups", token: again).status == .ok)
            let pushed = try await world.push("courier.photos", token: again, clientId: "ana-phone", deleteOffline["mutations"] as! [[String: Any]])
            #expect(pushed.first?["status"] as? String == "applied")
            #expect(try await page.get("/courier").status == .ok)
        }
    }

    @Test("dispatch is not checked on the routes it shares with agents; an agent-only route checks whoever calls it")
    func whoIsChecked() throws {
        let dispatch = Principal(
            accountID: UUID(), email: "d@test.patio", name: "D", locale: .es, roles: [CourierRoles.admin], sessionID: UUID(),
            accountCreatedAt: Date(), authenticatedAt: Date())
        let both = Principal(
            accountID: UUID(), email: "b@test.patio", name: "B", locale: .es, roles: [CourierRoles.admin, CourierRoles.agent], sessionID: UUID(),
            accountCreatedAt: Date(), authenticatedAt: Date())
        let agent = Principal(
            accountID: UUID(), email: "a@test.patio", name: "A", locale: .es, roles: [CourierRoles.agent], sessionID: UUID(),
            accountCreatedAt: Date(), authenticatedAt: Date())
        let shared = Access.anyRole(CourierRoles.members), agentOnly = Access.role(CourierRoles.agent), dispatchOnly = Access.role(CourierRoles.admin)
        #expect(
            !CourierRoutes.reachesAsAgent(shared, dispatch) && !CourierRoutes.reachesAsAgent(shared, both)
                && CourierRoutes.reachesAsAgent(shared, agent))
        #expect(CourierRoutes.reachesAsAgent(agentOnly, both) && CourierRoutes.reachesAsAgent(agentOnly, agent))
        #expect(!CourierRoutes.reachesAsAgent(dispatchOnly, both) && !CourierRoutes.reachesAsAgent(.everyone, agent))
    }

    /// Courier's routes an agent may call (the WebSocket board is dispatch's).
    static func agentRoutes(_ routes: [RouteDescriptor]) -> [RouteDescriptor] {
        routes.filter { route in
            let courier =
                route.path.hasPrefix("/courier") || route.path.hasPrefix("/api/v1/courier")
                || ControllerAppRoutes.compatContract.pathPrefixes.contains(where: route.path.hasPrefix)
            switch route.access {
            case .role(let role): return courier && role == CourierRoles.agent
            case .anyRole(let roles): return courier && roles.contains(CourierRoles.agent)
            default: return false
            }
        }
    }

    static func fill(_ path: String, pickup: UUID, photo: String) -> String {
        path.replacingOccurrences(of: "{id}", with: path.contains("/photos/") ? photo : pickup.uuidString)
            .replacingOccurrences(of: "{code}", with: "11001000").replacingOccurrences(of: "{collection}", with: "courier.pickups")
    }
}
