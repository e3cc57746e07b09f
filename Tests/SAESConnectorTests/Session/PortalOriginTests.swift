import FakeSAES
import Foundation
import Hummingbird
import NIOCore
import SAESConnector
import Synchronization
import Testing

extension SAESConnector {
    /// A connector that may reach the fake portal at `base` over plain http, as Campus does for the portal
    /// it is configured with; every other http address stays refused.
    static func trusting(_ bases: String..., timeout: TimeAmount = .seconds(20)) -> SAESConnector {
        SAESConnector(http: SAESHTTP(timeout: timeout, plainHTTPPortals: Set(bases.compactMap { SAESOrigin($0) })))
    }
}

/// A server on another origin that answers every request with an image and records the cookies it was sent:
/// where a hijacked portal would send Patio.
final class Elsewhere: Sendable {
    private let received = Mutex<[String]>([])

    /// The `Cookie` header of every request it got ("" when none).
    var cookiesReceived: [String] { received.withLock { $0 } }

    func withRunning<T: Sendable>(_ body: @Sendable (Int) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in
                self.received.withLock { $0.append(request.headers[.cookie] ?? "") }
                return Response(
                    status: .ok, headers: [.contentType: "image/png"],
                    body: .init(byteBuffer: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
            },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }
        )
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await application.runService()
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            let result = try await body(port)
            group.cancelAll()
            return result
        }
    }
}

/// Whether `body` ends with the connector refusing an address outside the portal (not any other failure).
private func refused<T>(_ body: () async throws -> T) async -> Bool {
    do {
        _ = try await body()
        return false
    } catch SAESError.unexpected {
        return true
    } catch {
        return false
    }
}

@Suite("SAES connector: the session's cookies go to the portal's own origin only — redirects and the CAPTCHA address included")
struct PortalOriginTests {
    @Test(
        "a redirect to another host or port is refused, the session ticket is not sent there, and its image does not become the student's photo",
        arguments: ["localhost", "127.0.0.1"])
    func redirectElsewhere(host: String) async throws {
        let fake = FakeSAES(), elsewhere = Elsewhere()
        try await fake.withRunning { base in
            try await elsewhere.withRunning { port in
                // Even an origin Patio would talk to as a portal of its own is another portal's origin.
                let connector = SAESConnector.trusting(base, "http://\(host):\(port)/")
                let portal = base + "escom/"
                guard case .signedIn(var cookies) = try await signIn(connector, fake, portal: portal) else {
                    Issue.record("did not sign in")
                    return
                }
                fake.setTrouble(.redirecting("http://\(host):\(port)/Fotografia.aspx"))
                #expect(await refused { try await connector.photo(portal: portal, cookies: &cookies) })
                #expect(await refused { try await connector.page(.grades, portal: portal, cookies: &cookies) })
                #expect(elsewhere.cookiesReceived.isEmpty)
                #expect(!elsewhere.cookiesReceived.contains { $0.contains(".ASPXFORMSAUTH") })
                // The portal's own redirects still work: the same session reads its pages again.
                fake.setTrouble(.none)
                #expect(try await connector.isSessionAlive(portal: portal, cookies: &cookies))
            }
        }
    }

    @Test(
        "a redirect to another scheme (http+unix://, file:) is refused without being tried",
        arguments: ["http+unix://%2Ftmp%2Fpatio.sock/steal", "file:///etc/passwd"])
    func redirectToOtherScheme(location: String) async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            let connector = SAESConnector.trusting(base)
            let portal = base + "escom/"
            guard case .signedIn(var cookies) = try await signIn(connector, fake, portal: portal) else {
                Issue.record("did not sign in")
                return
            }
            fake.setTrouble(.redirecting(location))
            #expect(await refused { try await connector.page(.grades, portal: portal, cookies: &cookies) })
        }
    }

    @Test("a CAPTCHA image on another origin is not fetched: the portal's cookies are not sent there")
    func captchaElsewhere() async throws {
        let fake = FakeSAES(), elsewhere = Elsewhere()
        try await fake.withRunning { base in
            try await elsewhere.withRunning { port in
                let connector = SAESConnector.trusting(base, "http://127.0.0.1:\(port)/")
                fake.setCaptchaAddress("http://127.0.0.1:\(port)/captcha.png")
                #expect(await refused { try await connector.beginSignIn(portal: base + "escom/") })
                #expect(elsewhere.cookiesReceived.isEmpty)
                fake.setCaptchaAddress(nil)
                let ownImage = try await connector.beginSignIn(portal: base + "escom/")
                #expect(ownImage.captchaType == "image/png")
            }
        }
    }

    @Test("a plain-http portal that was not configured is refused before anything is sent")
    func plainHTTPNotConfigured() async throws {
        let fake = FakeSAES()
        try await fake.withRunning { base in
            #expect(await refused { try await SAESConnector().beginSignIn(portal: base + "escom/") })
            #expect(fake.requestLog.isEmpty)
            // Configuring one port of the host does not open the others.
            let otherPort = SAESConnector.trusting("http://127.0.0.1:9/")
            #expect(await refused { try await otherPort.beginSignIn(portal: base + "escom/") })
            #expect(fake.requestLog.isEmpty)
        }
    }
}
