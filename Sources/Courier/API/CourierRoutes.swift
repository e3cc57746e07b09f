import HTTPTypes
import Hummingbird
import PatioCore
import PatioPlatform

/// Every Courier route — API, pages and the Controller APP's contract — is declared through this, so that
/// a route an agent may call cannot forget the agent's one rule beyond the role: the caller's courier
/// profile must exist and be working. Before the handler runs, an agent whom dispatch paused is refused
/// with 403 `agent_inactive` (an account with the role but no profile with 403 `agent_profile_missing`).
///
/// Pausing ends the agent's sessions, but the account stays the agent's (it may hold other modules' roles),
/// so a paused agent can sign in again: this check is what keeps them away from customers' names, phones
/// and addresses, and from their photos, until dispatch resumes them. Dispatch (`courier.admin`) passes
/// the routes both share without it; on a route only agents may call, the check applies to everyone.
struct CourierRoutes {
    let routes: PatioRoutes
    let agents: AgentService

    func add(_ method: HTTPRequest.Method, _ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) {
        let agents = self.agents
        routes.add(method, path, access) { request, context in
            try await Self.requireWorkingAgent(access, context: context, agents: agents)
            return try await handler(request, context)
        }
    }

    func get(_ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) { add(.get, path, access, handler) }
    func post(_ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) { add(.post, path, access, handler) }
    func put(_ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) { add(.put, path, access, handler) }
    func patch(_ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) { add(.patch, path, access, handler) }
    func delete(_ path: String, _ access: Access, _ handler: @escaping PatioRoutes.Handler) { add(.delete, path, access, handler) }

    /// A WebSocket route, checked before the upgrade like any other.
    func webSocket(_ path: String, _ access: Access, prepare: @escaping @Sendable (Request, PatioRequestContext) async throws -> WebSocketSession) {
        let agents = self.agents
        routes.webSocket(path, access) { request, context in
            try await Self.requireWorkingAgent(access, context: context, agents: agents)
            return try await prepare(request, context)
        }
    }

    /// Whether the caller reaches this route as an agent: always on an agent-only route, and on a shared
    /// route unless they are dispatch.
    static func reachesAsAgent(_ access: Access, _ principal: Principal) -> Bool {
        switch access {
        case .role(let role): role == CourierRoles.agent
        case .anyRole(let roles): roles.contains(CourierRoles.agent) && !principal.has(role: CourierRoles.admin)
        case .everyone, .signedIn, .monitoring: false
        }
    }

    static func requireWorkingAgent(_ access: Access, context: PatioRequestContext, agents: AgentService) async throws {
        // The platform has already applied `access`; a route open to everyone has no agent to check.
        guard let principal = context.principal, reachesAsAgent(access, principal) else { return }
        _ = try await agents.workingProfile(principal)
    }
}
