import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import PatioServerTestSupport
import Synchronization
import Testing

@Suite("Fake APNs: Apple's push service, HTTP/2 over TLS, refusing what Apple refuses")
struct FakeAPNsTests {
    static let keyID = "KEY1234567"
    static let teamID = "TEAM123456"
    static let topic = "mx.patio.app"
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let alert = Data(#"{"aps":{"alert":{"title":"Hola","body":"Tarea nueva"}}}"#.utf8)

    /// A clock the test moves by hand: the fake judges token ages by it.
    final class TestClock: Sendable {
        private let date = Mutex(FakeAPNsTests.start)
        var now: Date { date.withLock { $0 } }
        func advance(minutes: Int) { date.withLock { $0 += TimeInterval(minutes * 60) } }
    }

    /// A provider's signing key (kept as bytes, as swift-crypto's key is not Sendable) and the ES256 JWTs it makes.
    struct Provider: Sendable {
        let key: Data

        init() { key = P256.Signing.PrivateKey().rawRepresentation }

        var publicKey: P256.Signing.PublicKey {
            get throws { try P256.Signing.PrivateKey(rawRepresentation: key).publicKey }
        }

        /// `header.claims.signature`, each base64url without padding, as Apple's provider token.
        func token(issuedAt: Date, keyID: String = FakeAPNsTests.keyID, teamID: String = FakeAPNsTests.teamID) throws -> String {
            let header = Self.base64URL(Data(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8))
            let claims = Self.base64URL(Data(#"{"iss":"\#(teamID)","iat":\#(Int(issuedAt.timeIntervalSince1970))}"#.utf8))
            let signature = try P256.Signing.PrivateKey(rawRepresentation: key).signature(for: Data("\(header).\(claims)".utf8))
            return "\(header).\(claims).\(Self.base64URL(signature.rawRepresentation))"
        }

        static func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
    }

    /// What the fake answered one push.
    struct Answer {
        var status: Int
        var headers: HTTPHeaders
        var version: HTTPVersion
        var body: Data
        /// `reason` and `timestamp` of an error answer.
        var error: ErrorBody? { try? JSONDecoder().decode(ErrorBody.self, from: body) }
    }

    struct ErrorBody: Decodable, Equatable {
        var reason: String
        var timestamp: Int?
    }

    /// The fake, trusting `provider`'s key, judging by `clock`, with an HTTP client that trusts only the fake's authority
    /// and checks its certificate fully; the client is shut down whatever `body` does.
    static func withFake(
        _ provider: Provider, clock: TestClock = TestClock(), http1Only: Bool = false,
        _ body: @escaping @Sendable (FakeAPNs, HTTPClient) async throws -> Void
    ) async throws {
        try await FakeAPNs.run(keyID: keyID, teamID: teamID, topic: topic, publicKey: try provider.publicKey, now: { clock.now }) { fake in
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(FakeAPNs.trustRootPEM.utf8)))
            tls.certificateVerification = .fullVerification
            var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
            if http1Only { configuration.httpVersion = .http1Only }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            do {
                try await body(fake, client)
            } catch {
                try? await client.shutdown()
                throw error
            }
            try await client.shutdown()
        }
    }

    /// One notification request as a provider sends it; `headers` replace or (with nil) remove the usual ones.
    static func push(
        _ client: HTTPClient, _ fake: FakeAPNs, to deviceToken: String, jwt: String?, host: String = "127.0.0.1",
        headers changes: [String: String?] = [:], payload: Data = alert
    ) async throws -> Answer {
        var headers: [String: String?] = [
            "apns-topic": topic, "apns-push-type": "alert", "apns-priority": "10", "apns-expiration": "0",
            "apns-collapse-id": "task-42", "authorization": jwt.map { "bearer \($0)" },
        ]
        headers.merge(changes) { _, new in new }
        var request = HTTPClientRequest(url: "https://\(host):\(fake.port)/3/device/\(deviceToken)")
        request.method = .POST
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let value { request.headers.add(name: name, value: value) }
        }
        request.body = .bytes(ByteBuffer(bytes: payload))
        let response = try await client.execute(request, timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 16)
        return Answer(status: Int(response.status.code), headers: response.headers, version: response.version, body: Data(body.readableBytesView))
    }

    @Test("a well-formed push to an installed app is accepted over HTTP/2 with an apns-id, and recorded as sent")
    func accepted() async throws {
        let provider = Provider()
        try await Self.withFake(provider) { fake, client in
            let device = fake.installApp()
            let jwt = try provider.token(issuedAt: Self.start)
            let answer = try await Self.push(client, fake, to: device, jwt: jwt)

            #expect(answer.status == 200 && answer.body.isEmpty)
            #expect(answer.version == .http2)
            let apnsID = try #require(answer.headers.first(name: "apns-id"))
            #expect(UUID(uuidString: apnsID) != nil && apnsID == apnsID.uppercased())

            let received = try #require(fake.received.first)
            #expect(fake.received.count == 1)
            #expect(received.deviceToken == device && received.status == 200 && received.reason == nil)
            #expect(received.providerToken == jwt && received.headers["authorization"] == "bearer \(jwt)")
            #expect(received.headers["apns-topic"] == Self.topic && received.headers["apns-push-type"] == "alert")
            #expect(received.headers["apns-priority"] == "10" && received.headers["apns-expiration"] == "0")
            #expect(received.headers["apns-collapse-id"] == "task-42")
            #expect(received.payload == Self.alert)
        }
    }

    @Test("the fake's certificate holds for localhost as for 127.0.0.1, and a request's apns-id is echoed")
    func localhost() async throws {
        let provider = Provider()
        try await Self.withFake(provider) { fake, client in
            let id = UUID().uuidString
            let answer = try await Self.push(
                client, fake, to: fake.installApp(), jwt: try provider.token(issuedAt: Self.start), host: "localhost",
                headers: ["apns-id": id])
            #expect(answer.status == 200 && answer.version == .http2)
            #expect(answer.headers.first(name: "apns-id") == id)
        }
    }

    @Test("a provider token missing, signed by another key, naming another key ID or an hour old is refused with 403")
    func providerTokens() async throws {
        let provider = Provider()
        let clock = TestClock()
        try await Self.withFake(provider, clock: clock) { fake, client in
            let device = fake.installApp()
            let missing = try await Self.push(client, fake, to: device, jwt: nil)
            #expect(missing.status == 403 && missing.error == ErrorBody(reason: "MissingProviderToken"))

            let otherKey = try await Self.push(client, fake, to: device, jwt: try Provider().token(issuedAt: Self.start))
            #expect(otherKey.status == 403 && otherKey.error == ErrorBody(reason: "InvalidProviderToken"))
            #expect(otherKey.headers.first(name: "content-type") == "application/json")
            #expect(otherKey.headers.first(name: "apns-id") != nil)

            let otherKeyID = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: Self.start, keyID: "OTHERKEY12"))
            #expect(otherKeyID.status == 403 && otherKeyID.error == ErrorBody(reason: "InvalidProviderToken"))

            let otherTeam = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: Self.start, teamID: "OTHERTEAM1"))
            #expect(otherTeam.status == 403 && otherTeam.error == ErrorBody(reason: "InvalidProviderToken"))

            let fromTheFuture = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: Self.start + 120))
            #expect(fromTheFuture.status == 403 && fromTheFuture.error == ErrorBody(reason: "InvalidProviderToken"))

            let issued = clock.now
            clock.advance(minutes: 61)
            let expired = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: issued))
            #expect(expired.status == 403 && expired.error == ErrorBody(reason: "ExpiredProviderToken"))

            // Each refusal is recorded with what was answered.
            let reasons = ["Missing"] + Array(repeating: "Invalid", count: 4) + ["Expired"]
            #expect(fake.received.map(\.status) == Array(repeating: 403, count: 6))
            #expect(fake.received.map(\.reason) == reasons.map { "\($0)ProviderToken" })
        }
    }

    @Test("a new provider token 5 minutes after the last is refused with 429; one 21 minutes after is accepted")
    func tokenUpdates() async throws {
        let provider = Provider()
        let clock = TestClock()
        try await Self.withFake(provider, clock: clock) { fake, client in
            let device = fake.installApp()
            let first = try provider.token(issuedAt: clock.now)
            #expect(try await Self.push(client, fake, to: device, jwt: first).status == 200)

            clock.advance(minutes: 5)
            let tooSoon = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: clock.now))
            #expect(tooSoon.status == 429 && tooSoon.error == ErrorBody(reason: "TooManyProviderTokenUpdates"))
            // The token in use goes on working meanwhile.
            #expect(try await Self.push(client, fake, to: device, jwt: first).status == 200)

            clock.advance(minutes: 16)
            let renewed = try await Self.push(client, fake, to: device, jwt: try provider.token(issuedAt: clock.now))
            #expect(renewed.status == 200)
        }
    }

    @Test("another topic, a device token the fake never handed out, or a 5000-byte payload is refused")
    func notificationChecks() async throws {
        let provider = Provider()
        try await Self.withFake(provider) { fake, client in
            let device = fake.installApp()
            let jwt = try provider.token(issuedAt: Self.start)

            let otherTopic = try await Self.push(client, fake, to: device, jwt: jwt, headers: ["apns-topic": "com.example.other"])
            #expect(otherTopic.status == 400 && otherTopic.error == ErrorBody(reason: "DeviceTokenNotForTopic"))

            let noTopic = try await Self.push(client, fake, to: device, jwt: jwt, headers: ["apns-topic": nil])
            #expect(noTopic.status == 400 && noTopic.error == ErrorBody(reason: "MissingTopic"))

            let unknown = String(repeating: "ab", count: 32)
            let unknownDevice = try await Self.push(client, fake, to: unknown, jwt: jwt)
            #expect(unknownDevice.status == 400 && unknownDevice.error == ErrorBody(reason: "BadDeviceToken"))

            let notHex = try await Self.push(client, fake, to: "not-a-device-token", jwt: jwt)
            #expect(notHex.status == 400 && notHex.error == ErrorBody(reason: "BadDeviceToken"))

            let big = Data(#"{"aps":{"alert":"\#(String(repeating: "x", count: 5000 - 20))"}}"#.utf8)
            #expect(big.count == 5000)
            let tooLarge = try await Self.push(client, fake, to: device, jwt: jwt, payload: big)
            #expect(tooLarge.status == 413 && tooLarge.error == ErrorBody(reason: "PayloadTooLarge"))
            #expect(fake.received.last?.payload == big)

            let badPushType = try await Self.push(client, fake, to: device, jwt: jwt, headers: ["apns-push-type": "banner"])
            #expect(badPushType.error == ErrorBody(reason: "InvalidPushType"))
            let badPriority = try await Self.push(client, fake, to: device, jwt: jwt, headers: ["apns-priority": "7"])
            #expect(badPriority.error == ErrorBody(reason: "BadPriority"))
            let noAPS = try await Self.push(client, fake, to: device, jwt: jwt, payload: Data(#"{"alert":"Hola"}"#.utf8))
            #expect(noAPS.error == ErrorBody(reason: "InvalidPayload"))
            let empty = try await Self.push(client, fake, to: device, jwt: jwt, payload: Data())
            #expect(empty.error == ErrorBody(reason: "PayloadEmpty"))
        }
    }

    @Test("a device token told Unregistered answers 410 with the reason and when it was unregistered")
    func unregistered() async throws {
        let provider = Provider()
        let clock = TestClock()
        try await Self.withFake(provider, clock: clock) { fake, client in
            let device = fake.installApp()
            let jwt = try provider.token(issuedAt: clock.now)
            fake.answer(device, status: 410, reason: "Unregistered")
            let answer = try await Self.push(client, fake, to: device, jwt: jwt)
            #expect(answer.status == 410)
            #expect(answer.error == ErrorBody(reason: "Unregistered", timestamp: Int(clock.now.timeIntervalSince1970 * 1000)))
            #expect(fake.received.first?.status == 410 && fake.received.first?.reason == "Unregistered")

            fake.answer(device, status: 429, reason: "TooManyRequests")
            let throttled = try await Self.push(client, fake, to: device, jwt: jwt)
            #expect(throttled.status == 429 && throttled.error == ErrorBody(reason: "TooManyRequests"))
        }
    }

    @Test("a client that speaks only HTTP/1.1 gets no answer at all: APNs speaks HTTP/2 alone")
    func http1Refused() async throws {
        let provider = Provider()
        try await Self.withFake(provider, http1Only: true) { fake, client in
            let device = fake.installApp()
            let jwt = try provider.token(issuedAt: Self.start)
            await #expect(throws: (any Error).self) { try await Self.push(client, fake, to: device, jwt: jwt) }
            #expect(fake.received.isEmpty)
        }
    }
}
