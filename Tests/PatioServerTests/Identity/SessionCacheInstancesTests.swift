import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationCompat
import Logging
import PatioModules
import PatioServer
import PatioTestSupport
import Testing

@Suite("Session cache across instances")
struct SessionCacheInstancesTests {
    @Test(
        "with PostgreSQL, signing out on one instance is refused on another that had the token cached, within a moment",
        .enabled(if: TestDatabase.isPostgres, "two instances share a database only on PostgreSQL; SQLite is one process"))
    func signOutReachesEveryInstance() async throws {
        try await Self.withTwoInstances { patio, client, second, secondClient, token in
            #expect(try await secondClient.api(.get, "/api/v1/me", token: token).status == .ok)
            #expect(second.identity.sessions.cache.count == 1, "the second instance keeps the token it resolved")

            #expect(try await client.api(.post, "/api/v1/auth/logout", token: token).status == .noContent)
            // NOTIFY reaches the other instance within milliseconds; a few seconds allow for a busy machine.
            var status = HTTPResponse.Status.ok
            for _ in 0..<50 where status == .ok {
                status = try await secondClient.api(.get, "/api/v1/me", token: token).status
                if status == .ok { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(status == .unauthorized)
        }
    }

    @Test(
        "with PostgreSQL, a rename keeps the token cached on its own instance, renamed, and the other instance shows the new name",
        .enabled(if: TestDatabase.isPostgres, "two instances share a database only on PostgreSQL; SQLite is one process"))
    func renameReachesEveryInstance() async throws {
        try await Self.withTwoInstances { patio, client, second, secondClient, token in
            #expect(try await secondClient.api(.get, "/api/v1/me", token: token).status == .ok)
            #expect(try await client.api(.get, "/api/v1/me", token: token).status == .ok)
            let cache = patio.components.identity.sessions.cache
            #expect(cache.count == 1)

            let renamed = try await client.api(.patch, "/api/v1/me", token: token, body: ["name": "Ana Renombrada"])
            #expect(renamed.status == .ok)
            // Its own notice comes back over LISTEN; the instance that wrote the name keeps it in place.
            var shown = ""
            for _ in 0..<50 where shown != "Ana Renombrada" {
                let me = try await secondClient.api(.get, "/api/v1/me", token: token)
                shown = (try? JSONSerialization.jsonObject(with: Data(buffer: me.body)) as? [String: Any])?["name"] as? String ?? ""
                if shown != "Ana Renombrada" { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(shown == "Ana Renombrada", "the other instance forgot the old name")
            #expect(cache.count == 1, "the writing instance still holds the token")
            let me = try await client.api(.get, "/api/v1/me", token: token)
            #expect(String(buffer: me.body).contains("Ana Renombrada"))
        }
    }

    /// A live Patio and a second instance built over the same database (its own process state, its own
    /// session cache), with Ana's token.
    static func withTwoInstances(
        _ body: @escaping @Sendable (TestPatio, any TestClientProtocol, PatioComponents, any TestClientProtocol, String) async throws -> Void
    ) async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.port = 0 }, testing: .live) { patio, client in
            let token = try await patio.token(for: "ana@demo.patio", client: client)
            var logger = Logger(label: "second-instance")
            logger.logLevel = .warning
            let second = try await buildComponents(
                patio.components.configuration, clock: patio.clock.clock, modules: availableModules, logger: logger)
            let (secondApplication, _) = try buildApplication(second, logger: logger)
            try await secondApplication.test(.live) { secondClient in
                try await body(patio, client, second, secondClient, token)
            }
            await second.close()
        }
    }
}
