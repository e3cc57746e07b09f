import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite(
        """
        Campus: the links a student handed out follow their account — a deactivated account, or one that is no longer a student, loses its \
        calendar feed and its credential
        """
    )
    struct StudentStandingTests {
        @Test("deactivating the account stops the calendar feed (404) and the credential check says invalid; reactivated, both come back")
        func deactivatedAccount() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let (feed, token) = try await Self.links(world, client)
                #expect(try await client.api(.get, feed).status == .ok)
                #expect(try await client.fetch("/api/v1/campus/credentials/\(token)")["valid"] as? Bool == true)

                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                let accounts = patio.components.identity.accounts
                _ = try await accounts.setActive(false, id: ana.accountId, actor: nil)
                let gone = try await client.api(.get, feed)
                #expect(gone.status == .notFound && !String(buffer: gone.body).contains("Ana Sofía"))
                let check = try await client.fetch("/api/v1/campus/credentials/\(token)")
                #expect(check["valid"] as? Bool == false && check["name"] == nil)

                _ = try await accounts.setActive(true, id: ana.accountId, actor: nil)
                #expect(try await client.api(.get, feed).status == .ok)
                #expect(try await client.fetch("/api/v1/campus/credentials/\(token)")["valid"] as? Bool == true)
            }
        }

        @Test("an account that no longer holds the student role is no longer a student: no feed, credential invalid")
        func studentRoleRemoved() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let (feed, token) = try await Self.links(world, client)
                let ana = try #require(try await world.services.students.list(query: "2022630101").first)
                _ = try await patio.components.identity.accounts.revoke(role: CampusRoles.student, from: ana.accountId, actor: nil)
                #expect(try await client.api(.get, feed).status == .notFound)
                #expect(try await client.fetch("/api/v1/campus/credentials/\(token)")["valid"] as? Bool == false)
            }
        }

        /// The student's calendar feed path and credential token, as they handed them out.
        static func links(_ world: CampusWorld, _ client: any TestClientProtocol) async throws -> (feed: String, credentialToken: String) {
            let feedURL = try #require(try await client.fetch("/api/v1/campus/me/calendar-feed", token: world.student)["url"] as? String)
            let feed = try #require(URL(string: feedURL)?.path)
            let credential = try await client.fetch("/api/v1/campus/me/credential", token: world.student)
            let token = try #require((credential["verifyURL"] as? String)?.split(separator: "/").last.map(String.init))
            return (feed, token)
        }
    }
}
