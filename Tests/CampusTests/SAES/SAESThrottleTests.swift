import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

@Suite("Campus SAES: Patio is polite to SAES — a burst of syncs reaches the portal a bounded number of times, the rest wait (429)")
struct SAESThrottleTests {
    @Test("twenty syncs at once: a few reach SAES, one at a time; the rest are refused 429 saes_rate_limited with Retry-After; a minute later syncing works again")
    func burst() async throws {
        try await SAESWorld.with { world in
            #expect(try await world.link().status == .ok)
            let homesBefore = world.fake.requestLog.filter { $0 == "GET escom/Alumnos/default.aspx" }.count
            let client = world.client, token = world.student
            let answers = try await withThrowingTaskGroup(of: TestResponse.self) { group in
                for _ in 0..<20 { group.addTask { try await client.api(.post, "/api/v1/campus/saes/sync", token: token) } }
                return try await group.reduce(into: [TestResponse]()) { $0.append($1) }
            }
            let refused = answers.filter { $0.status == .tooManyRequests }
            #expect(answers.allSatisfy { $0.status == .ok || $0.status == .tooManyRequests })
            #expect(refused.count >= 20 - SAESThrottle.Limits().perStudent)
            for answer in refused {
                #expect(try problem(answer).code == "saes_rate_limited")
                #expect(Int(answer.headers[.retryAfter] ?? "").map { $0 >= 1 } == true)
            }
            // Each sync that got through checked the session once: that many reached SAES, no more.
            let reached = world.fake.requestLog.filter { $0 == "GET escom/Alumnos/default.aspx" }.count - homesBefore
            #expect(reached == answers.count - refused.count)
            #expect(reached <= SAESThrottle.Limits().perStudent)

            world.patio.clock.advance(by: 61)
            #expect(try await world.client.api(.post, "/api/v1/campus/saes/sync", token: world.student).status == .ok)
        }
    }
}
