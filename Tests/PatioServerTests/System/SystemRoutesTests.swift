import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import PatioCore
import PatioModules
import PatioServer
import Testing
import Yams

@Suite("Health, metrics, headers and the API contract")
struct SystemRoutesTests {
    @Test("health and readiness answer")
    func health() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(health.status == .ok)
            #expect(ready.status == .ok)
        }
    }

    @Test("readiness reports an unreachable database as 503 while health stays up")
    func readinessFailure() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            await patio.components.database.close()
            let ready = try await client.execute(uri: "/readyz", method: .get)
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(health.status == .ok)
        }
    }

    @Test("every response has a request id and the security headers")
    func headers() async throws {
        try await TestPatio.with(modules: availableModules) { _, client in
            let response = try await client.execute(uri: "/login", method: .get)
            #expect((response.headers[HTTPField.Name("X-Request-Id")!]?.count ?? 0) >= 16)
            #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(response.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("frame-ancestors 'none'") == true)
            let kept = try await client.execute(uri: "/healthz", method: .get, headers: [HTTPField.Name("X-Request-Id")!: "edge-42"])
            #expect(kept.headers[HTTPField.Name("X-Request-Id")!] == "edge-42")
            let problem = try await client.execute(uri: "/api/v1/me", method: .get)
            #expect(problem.headers[HTTPField.Name("X-Request-Id")!] != nil)
        }
    }

    @Test("metrics expose request counts, latency histograms, pool sizes and the commit queue to the token's bearer")
    func metrics() async throws {
        let token = "scraper-token-0123456789"
        try await TestPatio.with(modules: availableModules, configure: { $0.metricsToken = token }) { patio, client in
            _ = try await client.execute(uri: "/healthz", method: .get)
            _ = try await patio.token(for: "ana@demo.patio", client: client)
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer \(token)"]).body)
            #expect(text.contains("hb_requests"))
            #expect(text.contains("http_server_request_duration_bucket"))
            #expect(text.contains("patio_db_pool_max_connections{pool=\"reader\"}"))
            if patio.components.database.isSQLite {
                #expect(text.contains("patio_commit_batch_size"))
                #expect(text.contains("patio_commit_queue_depth"))
            }
        }
    }

    @Test("the OpenAPI document is served as YAML and JSON and documents every /api/v1 route, and only those")
    func contract() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let yaml = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(yaml.status == .ok)
            let json = try await client.execute(uri: "/openapi.json", method: .get)
            let object = try JSONSerialization.jsonObject(with: Data(buffer: json.body)) as! [String: Any]
            #expect((object["openapi"] as? String)?.hasPrefix("3.1") == true)
            let paths = object["paths"] as! [String: [String: Any]]
            var documented = Set<String>()
            for (path, operations) in paths where path.hasPrefix("/api/v1") {
                for method in operations.keys where ["get", "post", "put", "patch", "delete"].contains(method) {
                    documented.insert("\(method.uppercased()) \(path)")
                }
            }
            let served = Set(patio.routes.filter { $0.path.hasPrefix("/api/v1") }.map { "\($0.method.rawValue) \($0.path)" })
            #expect(served.subtracting(documented).isEmpty, "undocumented: \(served.subtracting(documented).sorted())")
            #expect(documented.subtracting(served).isEmpty, "documented but not served: \(documented.subtracting(served).sorted())")
        }
    }

    @Test("with one module enabled the contract has the platform's paths and that module's, and every path it has is served")
    func contractFollowsModules() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.enabledModules = ["courier"] }) { patio, client in
            let json = try await client.execute(uri: "/openapi.json", method: .get)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: json.body)) as? [String: Any])
            let paths = try #require(object["paths"] as? [String: Any])
            #expect(paths.keys.contains("/api/v1/courier/pickups") && paths.keys.contains("/api/v1/auth/login"))
            let others = paths.keys.filter { path in ["academy", "payments", "onboarding", "campus"].contains { path.hasPrefix("/api/v1/\($0)/") } }
            #expect(others.isEmpty, "disabled modules' paths: \(others.sorted())")
            let served = Set(patio.routes.map(\.path))
            let unserved = paths.keys.filter { $0.hasPrefix("/api/v1") && !served.contains($0) }
            #expect(unserved.isEmpty, "documented but not served: \(unserved.sorted())")
            let tags = (object["tags"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(tags.contains("courier") && !tags.contains("campus"))
            let yaml = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(String(buffer: yaml.body).contains("/api/v1/courier/pickups:") && !String(buffer: yaml.body).contains("/api/v1/campus/"))
        }
    }

    @Test("a module fragment that defines a path or a component again stops the assembly, naming it")
    func contractClash() throws {
        let platform =
            """
            openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths:\n  /api/v1/me:\n    get: {responses: {'200': {description: \
            ok}}}\ncomponents:\n  schemas:\n    Problem: {type: object}\n
            """
        let path = "paths:\n  /api/v1/me:\n    get: {responses: {'200': {description: again}}}\n"
        let schema = "paths: {}\ncomponents:\n  schemas:\n    Problem: {type: string}\n"
        let clean =
            """
            tags:\n  - name: garden\npaths:\n  /api/v1/garden/plants:\n    get: {responses: {'200': {description: ok}}}\ncomponents:\n  \
            schemas:\n    Plant: {type: object}\n
            """
        let pathError = #expect(throws: ConfigurationError.self) { try APIContract.assemble(platform: platform, fragments: [("garden", path)]) }
        #expect(pathError?.description.contains("garden") == true && pathError?.description.contains("/api/v1/me") == true)
        let schemaError = #expect(throws: ConfigurationError.self) { try APIContract.assemble(platform: platform, fragments: [("garden", schema)]) }
        #expect(schemaError?.description.contains("components.schemas.Problem") == true)
        let merged = try APIContract.assemble(platform: platform, fragments: [("garden", clean)])
        let object = try #require(try JSONSerialization.jsonObject(with: merged.json) as? [String: Any])
        #expect((object["paths"] as? [String: Any])?.keys.sorted() == ["/api/v1/garden/plants", "/api/v1/me"])
        #expect(((object["components"] as? [String: Any])?["schemas"] as? [String: Any])?.keys.sorted() == ["Plant", "Problem"])
        // The YAML keeps the order things were written in: the platform's first, then the module's.
        #expect(
            try #require(merged.yaml.range(of: "/api/v1/me:")).lowerBound < (try #require(merged.yaml.range(of: "/api/v1/garden/plants:"))).lowerBound
        )
    }

    @Test("the demo seed is idempotent and its admin can sign in")
    func demoSeed() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let first = try await DemoSeed.run(patio.components)
            let second = try await DemoSeed.run(patio.components)
            #expect(first == 1 && second == 0)
            _ = try await patio.login(DemoSeed.adminEmail, password: DemoSeed.password, client: client)
            let status = try decode(VersionReply.self, try await client.api(.get, "/api/v1/apps/interpay/version?current=1.1"))
            #expect(status.status == "updateAvailable")
        }
    }

    @Test("metrics are not public: without the token 401, and without a token configured only a direct loopback caller")
    func metricsAreNotPublic() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.metricsToken = "scraper-token-0123456789" }) { _, client in
            let anonymous = try await client.execute(uri: "/metrics", method: .get)
            #expect(anonymous.status == .unauthorized)
            let wrong = try await client.execute(uri: "/metrics", method: .get, headers: [.authorization: "Bearer scraper-token-0123456780"])
            #expect(wrong.status == .unauthorized)
        }
        try await TestPatio.with(modules: availableModules) { _, client in
            // The in-process test client has no loopback socket peer: a remote caller.
            let remote = try await client.execute(uri: "/metrics", method: .get)
            #expect(remote.status == .forbidden)
        }
        var relayed = HTTPFields()
        relayed[HTTPField.Name("X-Forwarded-For")!] = "203.0.113.7"
        #expect(throws: AppError.self) {
            try MonitoringAccess(token: nil).authorize(
                Request(
                    head: .init(method: .get, scheme: "http", authority: "x", path: "/metrics", headerFields: relayed), body: .init(buffer: .init())),
                peer: "127.0.0.1")
        }
        #expect(throws: Never.self) {
            try MonitoringAccess(token: nil).authorize(
                Request(head: .init(method: .get, scheme: "http", authority: "x", path: "/metrics"), body: .init(buffer: .init())), peer: "127.0.0.1")
        }
        #expect(throws: AppError.self) {
            try MonitoringAccess(token: nil).authorize(
                Request(head: .init(method: .get, scheme: "http", authority: "x", path: "/metrics"), body: .init(buffer: .init())), peer: "192.0.2.4")
        }
    }
}
