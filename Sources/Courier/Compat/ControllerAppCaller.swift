import Hummingbird
import PatioCore

/// Who may read the contract's reference data — the schema (table definitions) and the pickup network
/// (public points of service with their hours and prices).
///
/// No Controller APP that exists sends the login's `TokenJWT` back: on the schema call they send
/// `Usuario: <usuario>`, `usuario: <usuario>`, `Usuario` with `Identificacion`, or nothing, and on the
/// localities call nothing at all — and the original server answered them. Neither answer is personal, so
/// both are served to the apps' own requests. What a caller does send is still checked: an `Authorization`
/// header that is not a live session is refused (401), and a paused agent's own session gets 403
/// `agent_inactive`, as on every Courier route. The `Usuario` and `Identificacion` headers prove nothing and
/// are ignored. Pickups, photos and everything personal stay behind the token (`/api/v1`).
enum ControllerAppCaller {
    static func checkReferenceRead(_ request: Request, context: PatioRequestContext, agents: AgentService) async throws {
        guard let principal = context.principal else {
            if request.headers[.authorization] != nil { throw AppError.unauthenticated }
            return
        }
        if principal.has(role: CourierRoles.agent), !principal.has(role: CourierRoles.admin) {
            _ = try await agents.workingProfile(principal)
        }
    }
}
