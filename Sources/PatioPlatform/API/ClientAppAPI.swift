import Foundation
import Hummingbird
import PatioCore
import PatioIdentity

/// `/api/v1/apps/*` (public, for the mobile apps) and `/api/v1/admin/apps/*` (platform admin).
public enum ClientAppAPI {
    public static func register(on routes: PatioRoutes, service: ClientAppService) {
        routes.get("/api/v1/apps/{app}/version", .everyone) { request, context in
            let current = request.uri.queryParameters["current"].map(String.init)
            return try .json(try await service.versionStatus(app: try context.stringParameter("app"), current: current))
        }
        routes.get("/api/v1/apps/{app}/config", .everyone) { request, context in
            let (document, etag) = try await service.remoteConfig(app: try context.stringParameter("app"))
            let cacheHeaders: HTTPFields = [.eTag: etag, .cacheControl: "public, max-age=60"]
            if let match = request.headers[.ifNoneMatch],
                match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
            {
                return Response(status: .notModified, headers: cacheHeaders)
            }
            var response = try Response.json(document)
            response.headers.append(contentsOf: cacheHeaders)
            return response
        }

        let admin = Access.role(Role.platformAdmin)
        routes.get("/api/v1/admin/apps", admin) { _, _ in
            try .json(AppList(items: try await service.list()))
        }
        routes.post("/api/v1/admin/apps", admin) { request, _ in
            let body = try await JSONBody.decode(ClientAppService.AppInput.self, from: request)
            return try .json(try await service.create(body), status: .created)
        }
        routes.get("/api/v1/admin/apps/{app}", admin) { _, context in
            try .json(try await service.find(try context.stringParameter("app")))
        }
        routes.put("/api/v1/admin/apps/{app}", admin) { request, context in
            let body = try await JSONBody.decode(ClientAppService.AppInput.self, from: request)
            return try .json(try await service.update(try context.stringParameter("app"), body))
        }
        routes.put("/api/v1/admin/apps/{app}/config/{key}", admin) { request, context in
            let body = try await JSONBody.decode(ClientAppService.EntryInput.self, from: request)
            return try .json(try await service.setEntry(app: try context.stringParameter("app"), key: try context.stringParameter("key"), body))
        }
        routes.delete("/api/v1/admin/apps/{app}/config/{key}", admin) { _, context in
            try await service.deleteEntry(app: try context.stringParameter("app"), key: try context.stringParameter("key"))
            return .noContent
        }
    }

    struct AppList: Encodable { var items: [ClientAppView] }
}
