import Foundation
import HTTPTypes
import Hummingbird

/// One route and its access rule, as declared.
public struct RouteDescriptor: Sendable, Hashable {
    public var method: HTTPRequest.Method
    public var path: String
    public var access: Access

    public static func == (lhs: RouteDescriptor, rhs: RouteDescriptor) -> Bool {
        lhs.method == rhs.method && lhs.path == rhs.path && lhs.access == rhs.access
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method.rawValue)
        hasher.combine(path)
    }
}

/// Registers routes on the router while recording each route's access rule, so the rule is checked before
/// the handler runs and tests can walk every route against every role.
public final class PatioRoutes {
    public typealias Handler = @Sendable (Request, PatioRequestContext) async throws -> Response

    public let router: Router<PatioRequestContext>
    private var declared: [RouteDescriptor] = []

    public init(router: Router<PatioRequestContext>) {
        self.router = router
    }

    /// Every route declared so far, in declaration order.
    public var table: [RouteDescriptor] { declared }

    public func add(_ method: HTTPRequest.Method, _ path: String, _ access: Access, _ handler: @escaping Handler) {
        record(RouteDescriptor(method: method, path: path, access: access))
        router.on(RouterPath(path), method: method) { request, context in
            try context.authorize(access, request: request)
            return try await handler(request, context)
        }
    }

    func record(_ route: RouteDescriptor) {
        declared.append(route)
    }

    public func get(_ path: String, _ access: Access, _ handler: @escaping Handler) { add(.get, path, access, handler) }
    public func post(_ path: String, _ access: Access, _ handler: @escaping Handler) { add(.post, path, access, handler) }
    public func put(_ path: String, _ access: Access, _ handler: @escaping Handler) { add(.put, path, access, handler) }
    public func patch(_ path: String, _ access: Access, _ handler: @escaping Handler) { add(.patch, path, access, handler) }
    public func delete(_ path: String, _ access: Access, _ handler: @escaping Handler) { add(.delete, path, access, handler) }
}

extension PatioRequestContext {
    /// A path parameter that must be a UUID; 404 otherwise (a malformed id names nothing).
    public func uuidParameter(_ name: String) throws -> UUID {
        guard let text = parameters.get(name), let id = UUID(uuidString: text) else {
            throw AppError.notFound("Nothing has the id \(parameters.get(name) ?? "").")
        }
        return id
    }

    public func stringParameter(_ name: String) throws -> String {
        guard let text = parameters.get(name) else { throw AppError.notFound("Missing \(name).") }
        return text
    }
}
