import Foundation
import HTTPTypes
import HummingbirdTesting
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
        try await TestPatio.with(modules: availableModules, configure: { $0.port = 0 }, testing: .live) { patio, client in
            let token = try await patio.token(for: "ana@demo.patio", client: client)
            var logger = Logger(label: "second-instance")
            logger.logLevel = .warning
            let second = try await buildComponents(
                patio.components.configuration, clock: patio.clock.clock, modules: availableModules, logger: logger)
            let (secondApplication, _) = try buildApplication(second, logger: logger)
            try await secondApplication.test(.live) { secondClient in
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
            await second.close()
        }
    }
}
