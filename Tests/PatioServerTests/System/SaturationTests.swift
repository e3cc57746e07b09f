import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioData
import PatioModules
import PatioServer
import Synchronization
import Testing

/// A Patio far smaller than the load sent to it: one database connection that a query waits for at most
/// a tenth of a second, two requests worked on at once, sixteen waiting for a turn for at most a second.
/// Without load shedding, most of the burst would wait for that one connection longer than that. Every request
/// reads its session from that connection (no session cache): served from memory, the reads finished as fast as
/// they came and a burst could pass without ever filling the queue.
private func tiny(_ configuration: inout PatioConfiguration) {
    configuration.sessionCacheSeconds = 0
    configuration.databaseConnections = 1
    configuration.databasePoolTimeout = .milliseconds(100)
    configuration.maxInFlight = 2
    configuration.maxQueued = 16
    configuration.queueWait = 1
}

/// Runs `body` against a tiny Patio with a signed-in account's token. Opening that one connection within
/// 100 ms can itself fail on a busy machine while the Patio is set up (its migrations and demo run on that one
/// connection) — not what these tests are about — so a setup that ran out of time is tried again, up to six
/// times a second apart; no request of a burst is ever sent again.
private func withTinyPatio(_ body: @escaping @Sendable (TestPatio, any TestClientProtocol, String) async throws -> Void) async throws {
    let attempts = 6
    for attempt in 1...attempts {
        let ready = Mutex(false)
        do {
            try await TestPatio.with(modules: availableModules, configure: tiny) { patio, client in
                let token = try await signInPatiently(patio, client)
                ready.withLock { $0 = true }
                try await body(patio, client, token)
            }
            return
        } catch  where attempt < attempts && !ready.withLock({ $0 }) && AppError.databaseOverload(from: error) != nil {
            try await Task.sleep(for: .seconds(1))
        }
    }
}

/// The account and its token, before any load: on a machine whose cores are busy elsewhere, the one
/// connection may not come within 100 ms (a 503, or an overload error from the service), so each step is
/// tried again for up to half a minute. Only the setup waits; no request of a burst is ever sent again.
private func signInPatiently(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> String {
    let email = "busy@saturation.patio"
    var created = false
    for _ in 0..<60 {
        do {
            if !created { try await patio.account(email); created = true }
            let response = try await client.api(.post, "/api/v1/auth/login", body: ["email": email, "password": TestPatio.password])
            if response.status == .ok { return try decode(LoginReply.self, response).token }
        } catch let error as AppError where error.status == .conflict {
            created = true  // made by an earlier try whose answer was lost to the overload
        } catch  where AppError.databaseOverload(from: error) != nil {}
        try await Task.sleep(for: .milliseconds(500))
    }
    throw AppError(.serviceUnavailable, code: "overloaded", detail: "The tiny Patio never signed the account in.")
}

private enum Call: CaseIterable { case readMe, renameMe, loginPage, health }

private struct Answer: Sendable {
    let call: Call
    let status: HTTPResponse.Status
    let retryAfter: Int?
    let code: String?
}

@Suite("Saturation: Patio sheds load with 503 and Retry-After, never 500")
struct SaturationTests {
    @Test("200 concurrent reads, writes and pages against one connection: every answer is 2xx or 503 with Retry-After; health is never refused")
    func saturated() async throws {
        try await withTinyPatio { _, client, token in
            // Whether a burst overlaps enough to fill the queue depends on how the machine schedules its tasks: with the
            // whole suite running on two cores, one burst of 200 has trickled in one request at a time. Up to three
            // bursts are sent until one is turned away in part; every answer of every burst must keep the rules below.
            var answers: [Answer] = []
            for _ in 0..<3 where !answers.contains(where: { $0.status == .serviceUnavailable }) {
                answers += try await Self.burst(client, token)
            }
            let failures = answers.filter { !(200..<300).contains($0.status.code) && $0.status != .serviceUnavailable }
            #expect(failures.isEmpty, "answers other than 2xx and 503: \(failures.map { "\($0.call) \($0.status.code) \($0.code ?? "")" })")
            let refused = answers.filter { $0.status == .serviceUnavailable }
            for answer in refused {
                #expect((answer.retryAfter ?? 0) >= 1, "a 503 without Retry-After: \(answer.call)")
                if answer.call != .loginPage { #expect(answer.code == "overloaded", "\(answer.call): \(answer.code ?? "no problem document")") }
            }
            #expect(answers.filter { $0.call == .health }.allSatisfy { $0.status == .ok }, "health was refused")
            // The load was real (some requests were turned away) and Patio kept working through it.
            #expect(!refused.isEmpty, "nothing was refused in three bursts: the load did not saturate this Patio")
            #expect(answers.contains { $0.call == .renameMe && $0.status == .ok } && answers.contains { $0.call == .readMe && $0.status == .ok })
            // Once the burst is over, the same Patio answers everyone again.
            #expect(try await client.api(.get, "/api/v1/me", token: token).status == .ok)
        }
    }

    /// 200 requests at once, reads, writes, a page and health in turn; their answers.
    private static func burst(_ client: any TestClientProtocol, _ token: String) async throws -> [Answer] {
        let calls = (0..<200).map { Call.allCases[$0 % Call.allCases.count] }
        return try await withThrowingTaskGroup(of: Answer.self) { group in
            for (index, call) in calls.enumerated() {
                group.addTask {
                    let response: TestResponse
                    switch call {
                    case .readMe: response = try await client.api(.get, "/api/v1/me", token: token)
                    case .renameMe: response = try await client.api(.patch, "/api/v1/me", token: token, body: ["name": "Busy \(index)"])
                    case .loginPage: response = try await client.execute(uri: "/login", method: .get)
                    case .health: response = try await client.execute(uri: "/healthz", method: .get)
                    }
                    let code = response.headers[.contentType] == "application/problem+json" ? try? problem(response).code : nil
                    return Answer(call: call, status: response.status, retryAfter: response.headers[.retryAfter].flatMap { Int($0) }, code: code)
                }
            }
            return try await group.reduce(into: [Answer]()) { $0.append($1) }
        }
    }

    @Test("the pool and the load limits are read from the environment, and every value out of shape stops start-up naming its variable")
    func configuration() throws {
        let set = try PatioConfiguration.fromEnvironment([
            "PATIO_DB_CONNECTIONS": "6", "PATIO_DB_POOL_TIMEOUT": "5", "PATIO_MAX_IN_FLIGHT": "12", "PATIO_MAX_QUEUED": "40", "PATIO_QUEUE_WAIT": "3",
        ])
        #expect(
            set.databaseConnections == 6 && set.databasePoolTimeout == .seconds(5) && set.maxInFlight == 12 && set.maxQueued == 40
                && set.queueWait == 3)
        let unset = try PatioConfiguration.fromEnvironment([:])
        #expect(unset.databaseConnections == nil && unset.maxInFlight == nil)
        for (name, value) in [
            ("PATIO_DB_CONNECTIONS", "0"), ("PATIO_DB_POOL_TIMEOUT", "0"), ("PATIO_MAX_IN_FLIGHT", "0"), ("PATIO_MAX_QUEUED", "-1"),
            ("PATIO_QUEUE_WAIT", "301"), ("PATIO_MAX_IN_FLIGHT", "many"), ("PATIO_PHOTO_WORKERS", "17"), ("PATIO_PHOTO_WORKERS", "-1"),
            ("PATIO_PHOTO_WORKERS", "two"), ("PATIO_PORT", "99999"), ("PATIO_LOG_FORMAT", "xml"), ("LOG_LEVEL", "verbose"),
            ("PATIO_SESSION_DAYS", "0"), ("PATIO_TRUST_PROXY", "maybe"), ("PATIO_BCRYPT_COST", "10"), ("PATIO_METRICS_TOKEN", "short"),
            ("PATIO_SECRET_KEY", "c2hvcnQ="), ("PATIO_PASSKEY_USER_VERIFICATION", "sometimes"), ("PATIO_CONNECTION_READ_TIMEOUT", "0"),
        ] {
            let error = #expect(throws: ConfigurationError.self, "\(name)=\(value)") { try PatioConfiguration.fromEnvironment([name: value]) }
            #expect(error?.description.hasPrefix(name) == true, "the message names the variable: \(error?.description ?? "")")
        }
        for workers in ["0", "1", "16"] {
            #expect(throws: Never.self) { try PatioConfiguration.fromEnvironment(["PATIO_PHOTO_WORKERS": workers]) }
        }
    }
}
