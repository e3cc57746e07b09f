import Foundation
import Hummingbird
import PatioCore

/// `/api/v1/sync/{collection}`: pull the change feed and push offline mutations (docs/sync.md). Any
/// signed-in account may call them; each collection decides which rows, if any, the caller sees.
public enum SyncAPI {
    /// Pushes are bounded twice: at most `SyncService.maxMutations` mutations, and at most this many bytes.
    public static let maxPushBytes = 256 * 1024

    /// A pull of `{collection}` with its `limit` and `cursor` query (the API's route, and pages' twins that
    /// pull with the session cookie).
    public static func pull(_ service: SyncService) -> PatioRoutes.Handler {
        { request, context in
            let query = request.uri.queryParameters
            let limit: Int?
            if let text = query["limit"] {
                guard let value = Int(String(text)) else { throw AppError.validation(field: "limit", "Give a whole number.", code: "whole_number") }
                limit = value
            } else {
                limit = nil
            }
            let page = try await service.pull(
                try context.stringParameter("collection"), principal: try context.requirePrincipal(),
                cursor: query["cursor"].map(String.init), limit: limit)
            return Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: page.json)))
        }
    }

    public static func register(on routes: PatioRoutes, service: SyncService) {
        routes.get("/api/v1/sync/{collection}", .signedIn, pull(service))
        routes.post("/api/v1/sync/{collection}/mutations", .signedIn) { request, context in
            let push = try await JSONBody.decode(SyncService.PushRequest.self, from: request, limit: maxPushBytes)
            return try .json(
                try await service.push(try context.stringParameter("collection"), principal: try context.requirePrincipal(), request: push))
        }
    }
}
