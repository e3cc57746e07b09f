import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

@Suite("Campus SAES: Patio is polite to SAES — a burst of syncs reaches the portal a bounded number of times, the rest wait (429)")
struct SAESThrottleTests {
    @Test(
        """
        twenty syncs at once: a few reach SAES, one at a time; the rest are refused 429 saes_rate_limited with Retry-After; a minute later \
        syncing works again
        """
    )
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

    @Test(
        """
        a portal's shared ceiling: with four students' operations in flight on one portal a fifth student is refused 429 (not queued, nothing \
        sent), another portal is not; when one finishes the fifth gets in
        """
    )
    func portalCeiling() async throws {
        let throttle = SAESThrottle(limits: .init(perStudent: 12, window: 60, perPortal: 4), clock: ManualClock().clock)
        let students = (0..<6).map { _ in UUID() }
        let (release, releaseAll) = AsyncStream<Void>.makeStream()
        let (entered, enteredOne) = AsyncStream<Void>.makeStream()
        let holders = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for student in students.prefix(4) {
                    group.addTask {
                        try await throttle.run(accountID: student, portal: "escom") {
                            enteredOne.yield()
                            for await _ in release { break }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var inside = 0
        for await _ in entered { inside += 1; if inside == 4 { break } }

        var reachedSAES = false
        let refusal = await #expect(throws: AppError.self) {
            try await throttle.run(accountID: students[4], portal: "escom") { reachedSAES = true }
        }
        #expect(refusal?.code == "saes_rate_limited" && refusal?.status == .tooManyRequests)
        #expect(Int(refusal?.headers["Retry-After"] ?? "").map { $0 >= 1 } == true)
        #expect(!reachedSAES)
        // The ceiling is per portal: another school's SAES has room.
        #expect(try await throttle.run(accountID: students[5], portal: "esime-culhuacan") { true })

        releaseAll.finish()
        try await holders.value
        #expect(try await throttle.run(accountID: students[4], portal: "escom") { true })
    }
}
