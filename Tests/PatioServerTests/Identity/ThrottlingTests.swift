import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioModules
import Testing

@Suite("Sign-in throttling")
struct ThrottlingTests {
    func attempt(_ client: any TestClientProtocol, _ email: String, _ password: String, ip: String = "203.0.113.7") async throws -> TestResponse {
        try await client.api(
            .post, "/api/v1/auth/login", body: ["email": email, "password": password], headers: [HTTPField.Name("X-Forwarded-For")!: ip])
    }

    @Test("after 5 failures for one email, even the right password gets 429 with Retry-After until the window passes")
    func perEmail() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.identity.trustedProxyHops = 1 }) { patio, client in
            try await patio.account("ana@demo.patio")
            for _ in 0..<5 {
                #expect(try await attempt(client, "ana@demo.patio", "wrong-password").status == .unauthorized)
            }
            let blocked = try await attempt(client, "ANA@demo.patio", TestPatio.password)
            #expect(blocked.status == .tooManyRequests)
            #expect(try problem(blocked).code == "too_many_attempts")
            let retryAfter = try #require(blocked.headers[.retryAfter].flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 15 * 60)
            // Another account from the same place is not affected.
            try await patio.account("beto@demo.patio")
            #expect(try await attempt(client, "beto@demo.patio", TestPatio.password).status == .ok)

            patio.clock.advance(by: TimeInterval(retryAfter))
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password).status == .ok)
        }
    }

    @Test("a success resets the account's counter")
    func successResets() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.identity.trustedProxyHops = 1 }) { patio, client in
            try await patio.account("ana@demo.patio")
            for _ in 0..<4 { _ = try await attempt(client, "ana@demo.patio", "wrong-password") }
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password).status == .ok)
            for _ in 0..<4 { #expect(try await attempt(client, "ana@demo.patio", "wrong-password").status == .unauthorized) }
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password).status == .ok)
        }
    }

    @Test("20 failures from one IP block that IP for any email, not other IPs")
    func perIP() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.identity.trustedProxyHops = 1 }) { patio, client in
            try await patio.account("ana@demo.patio")
            for index in 0..<20 {
                #expect(try await attempt(client, "user\(index)@demo.patio", "wrong-password", ip: "198.51.100.9").status == .unauthorized)
            }
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password, ip: "198.51.100.9").status == .tooManyRequests)
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password, ip: "198.51.100.10").status == .ok)
        }
    }

    @Test("X-Forwarded-For is ignored unless Patio is told it sits behind a proxy")
    func forwardedForNotTrusted() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.account("ana@demo.patio")
            for index in 0..<20 {
                _ = try await attempt(client, "user\(index)@demo.patio", "wrong-password", ip: "198.51.100.\(index)")
            }
            // All 20 came from the same socket peer, whatever the header claimed.
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password, ip: "192.0.2.1").status == .tooManyRequests)
        }
    }

    @Test("a burst of 40 parallel wrong passwords for one email gets 5 tries, not 40: each try is counted before its hash")
    func parallelBurstIsCounted() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.identity.trustedProxyHops = 1 }) { patio, client in
            try await patio.account("ana@demo.patio")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<40 {
                    group.addTask { try await attempt(client, "ana@demo.patio", "wrong-password", ip: "198.51.100.\(index)").status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .unauthorized }.count == 5)
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 35)
            // And the right password is refused too until the window passes.
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password).status == .tooManyRequests)
        }
    }

    @Test("behind one proxy, only the address the proxy appended counts: a client-written leftmost value is ignored")
    func leftmostForwardedForIsNotTrusted() async throws {
        try await TestPatio.with(modules: availableModules, configure: { $0.identity.trustedProxyHops = 1 }) { patio, client in
            try await patio.account("ana@demo.patio")
            for index in 0..<20 {
                // The client forges a new leftmost address each time; our proxy appended the real one.
                #expect(
                    try await attempt(client, "user\(index)@demo.patio", "wrong-password", ip: "10.0.0.\(index), 198.51.100.9").status
                        == .unauthorized)
            }
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password, ip: "10.9.9.9, 198.51.100.9").status == .tooManyRequests)
            #expect(try await attempt(client, "ana@demo.patio", TestPatio.password, ip: "198.51.100.10").status == .ok)
        }
    }
}
