import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import PatioKit
import Testing

/// Recorded waits, so a test can see what PatioKit waited for without waiting.
final class SleepRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var waits: [Duration] = []
    var recorded: [Duration] { lock.withLock { waits } }
    func sleep(_ duration: Duration) async throws { lock.withLock { waits.append(duration) } }
}

@Suite("Session: sign in, the token kept across launches, 401 ends the session, 429 honours Retry-After")
struct SessionTests {
    /// The first event, or nil when none comes within ten seconds (so a missing event fails instead of hanging).
    static func first(of events: AsyncStream<PatioSession.Event>) async -> PatioSession.Event? {
        await withTaskGroup(of: PatioSession.Event?.self) { group in
            group.addTask { await events.first { _ in true } }
            group.addTask {
                try? await Task.sleep(for: .seconds(10)); return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// The demo admin signed in with a token store the test can read, and the session's events from then on.
    static func signedInAdmin(on server: RunningPatio) async throws -> (Patio, MemoryTokenStore, String, AsyncStream<PatioSession.Event>) {
        let store = MemoryTokenStore()
        let patio = Patio(serverURL: server.base, tokenStore: store)
        try await patio.signIn(email: "admin@demo.patio", password: RunningPatio.password)
        let token = try #require(try store.load())
        return (patio, store, token, await patio.session.events())
    }

    @Test("signing in keeps the token and reads the account; a wrong password is invalid_credentials and keeps nothing")
    func signIn() async throws {
        try await RunningPatio.with { server in
            let patio = server.client()
            let account = try await patio.signIn(email: "admin@demo.patio", password: RunningPatio.password)
            #expect(account.email == "admin@demo.patio" && account.roles.contains("admin"))
            #expect(try await patio.me().id == account.id)

            let other = server.client()
            await #expect(throws: PatioError.self) { try await other.signIn(email: "admin@demo.patio", password: "wrong-password") }
            do {
                try await other.signIn(email: "admin@demo.patio", password: "wrong-password")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 401 && problem.code == "invalid_credentials")
            }
            #expect(await other.session.isSignedIn == false)
        }
    }

    @Test("signing out revokes the session on Patio (the old token is refused with 401), empties the token store and says signed out")
    func signOut() async throws {
        try await RunningPatio.with { server in
            let (patio, store, token, events) = try await Self.signedInAdmin(on: server)

            try await patio.signOut()
            #expect(try store.load() == nil)
            #expect(await patio.session.isSignedIn == false)
            #expect(await Self.first(of: events) == .ended(.signedOut))

            // Revoked on Patio, not only forgotten here: the old token, sent by hand, is a 401.
            var request = URLRequest(url: server.base.appendingPathComponent("api/v1/me"))
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 401)
            await #expect(throws: PatioError.signedOut) {
                _ = try await Patio(serverURL: server.base, tokenStore: MemoryTokenStore(token: token)).me()
            }
        }
    }

    @Test("a token revoked elsewhere: the next call throws signedOut, the session ends as expired and the store is emptied")
    func revokedToken() async throws {
        try await RunningPatio.with { server in
            let (patio, store, token, events) = try await Self.signedInAdmin(on: server)

            // The same token signed out from another installation.
            let elsewhere = Patio(serverURL: server.base, tokenStore: MemoryTokenStore(token: token))
            try await elsewhere.signOut()

            await #expect(throws: PatioError.signedOut) { _ = try await patio.me() }
            #expect(await patio.session.isSignedIn == false)
            #expect(try store.load() == nil)
            #expect(await Self.first(of: events) == .ended(.expired))
        }
    }

    @Test("an app restart with a 0600 token file is still signed in; a token file others can read is refused and removed")
    func tokenFile() async throws {
        try await RunningPatio.with { server in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-token-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("session")
            try await Patio(serverURL: server.base, tokenStore: FileTokenStore(url: file)).signIn(
                email: "admin@demo.patio", password: RunningPatio.password)
            let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
            #expect(permissions?.intValue == 0o600)

            let relaunched = Patio(serverURL: server.base, tokenStore: FileTokenStore(url: file))
            #expect(try await relaunched.me().email == "admin@demo.patio")

            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            #expect(throws: PatioError.insecureTokenFile(path: file.path)) { try FileTokenStore(url: file).load() }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test("429: a wait within the limit is slept and retried with the same request; a longer one is thrown with its Retry-After")
    func rateLimited() async throws {
        try await RunningPatio.with { server in
            // Patio throttles an email after five failures within 15 minutes.
            let attacker = server.client()
            for _ in 0..<5 { _ = try? await attacker.signIn(email: "cliente@demo.patio", password: "not-the-password") }

            let recorder = SleepRecorder()
            let patient = server.client {
                $0.maximumRateLimitWait = .seconds(3600); $0.maximumRateLimitRetries = 2; $0.sleep = recorder.sleep
            }
            var thrown: PatioError?
            do { try await patient.signIn(email: "cliente@demo.patio", password: RunningPatio.password) } catch let error as PatioError {
                thrown = error
            }
            guard case .rateLimited(let retryAfter, let problem) = thrown else {
                Issue.record("expected rateLimited, got \(String(describing: thrown))")
                return
            }
            #expect(problem?.code == "too_many_attempts")
            let wait = try #require(retryAfter)
            #expect(wait > .seconds(0) && wait <= .seconds(900))
            // Slept twice for what Patio asked, then gave up with the third answer. Patio's Retry-After counts down
            // in real time, however slow the machine: each answer asks for no more than the one before (whole
            // seconds, so one second of rounding), and none for more than the 15-minute window.
            let slept = recorder.recorded
            #expect(slept.count == 2)
            let asked = slept + [wait]
            #expect(zip(asked, asked.dropFirst()).allSatisfy { earlier, later in later <= earlier + .seconds(1) })
            #expect(slept.allSatisfy { $0 > .seconds(0) && $0 <= .seconds(900) })

            let hurried = SleepRecorder()
            let impatient = server.client { $0.sleep = hurried.sleep }
            await #expect(throws: PatioError.self) { try await impatient.signIn(email: "cliente@demo.patio", password: RunningPatio.password) }
            #expect(hurried.recorded.isEmpty)
        }
    }
}
