import Hummingbird
import PatioCore
import PatioData

/// Runs a request that only reads (GET, HEAD) inside `PatioDatabase.reading`: its session lookup, its queries
/// and the page built from them run on one SQLite read connection's thread, a statement costing no thread switch.
///
/// What uses no database (health, metrics, static assets) is left where it runs: moving it to a reader's thread
/// and back would cost it the switches the others save.
struct ReadingMiddleware: RouterMiddleware {
    typealias Context = PatioRequestContext
    let database: PatioDatabase

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head, !Self.usesNoDatabase(request.uri.path) else {
            return try await next(request, context)
        }
        return try await database.reading { try await next(request, context) }
    }

    static func usesNoDatabase(_ path: String) -> Bool {
        let path = RequestPath.normalised(path)
        return ["/healthz", "/metrics"].contains(path) || path.hasPrefix("/static/")
    }
}
