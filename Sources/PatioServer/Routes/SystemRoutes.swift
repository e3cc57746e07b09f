import Foundation
import Hummingbird
import NIOCore
import PatioCore
import PatioData

/// Health, readiness, metrics and the API contract.
enum SystemRoutes {
    static func register(
        on routes: PatioRoutes, database: PatioDatabase, metrics: PatioMetrics, metricsAccess: MonitoringAccess, contract: APIContract
    ) {
        routes.get("/healthz", .everyone) { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        routes.get("/readyz", .everyone) { _, context in
            do {
                try await database.ping()
                return Response(
                    status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: "ready\n")))
            } catch {
                context.logger.warning("database not reachable", metadata: ["error": "\(error)"])
                return Response(
                    status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "database unreachable\n")))
            }
        }
        routes.get("/metrics", .monitoring(metricsAccess)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        routes.get("/openapi.yaml", .everyone) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: contract.yaml)))
        }
        routes.get("/openapi.json", .everyone) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: contract.json)))
        }
    }
}
