import Hummingbird
import PatioCore

/// Sheds load: a request beyond what Patio can work on, once it has waited its turn as long as it may, is
/// answered 503 `overloaded` with `Retry-After` before any of it runs (no session lookup, no database).
///
/// Health, readiness and metrics are never held back: whoever watches Patio must see it alive and how busy
/// it is, above all when it is overloaded. Static assets use no database and are served at once too.
struct AdmissionMiddleware: RouterMiddleware {
    typealias Context = PatioRequestContext
    let gate: AdmissionGate

    /// Seconds a refused client is told to wait: long enough for a burst to drain, short enough to retry soon.
    static let retryAfter = 2

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if Self.isExempt(request.uri.path) { return try await next(request, context) }
        guard await gate.enter() else {
            throw AppError.overloaded(retryAfter: Self.retryAfter)
        }
        // A write waiting for its commit sets the turn down meanwhile (`WorkTurn`), and takes one up to go on.
        let turn = RequestTurn(gate: gate)
        do {
            let response = try await WorkTurn.$current.withValue(turn.workTurn) { try await next(request, context) }
            turn.finish()
            return response
        } catch {
            turn.finish()
            throw error
        }
    }

    static func isExempt(_ path: String) -> Bool {
        let path = RequestPath.normalised(path)
        return ["/healthz", "/readyz", "/metrics"].contains(path) || path.hasPrefix("/static/")
    }
}
