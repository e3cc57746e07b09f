import AsyncHTTPClient
import Foundation
import NIOSSL

/// Pushes to iPhone apps over Apple's Push Notification service: HTTP/2 to `settings.host`, one request per
/// device token, authenticated with the provider token (no client certificate).
public struct APNs: Sendable {
    public let settings: APNsSettings
    let providerToken: APNsProviderToken
    let transport: PushTransport
    /// Releases what `transport` holds (its connections) when Patio stops.
    public let shutdown: @Sendable () async -> Void

    public init(settings: APNsSettings, transport: PushTransport, shutdown: @escaping @Sendable () async -> Void = {}) {
        self.settings = settings
        self.providerToken = APNsProviderToken(credentials: settings.credentials)
        self.transport = transport
        self.shutdown = shutdown
    }

    /// APNs over its own HTTP client: TLS trusting the system's authorities and `trustRootsPEM`, HTTP/2 as
    /// ALPN agrees it with Apple, one connection kept open for every push as Apple asks.
    public static func live(_ settings: APNsSettings) throws -> APNs {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let pem = settings.trustRootsPEM {
            tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)))]
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.httpVersion = .automatic
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        return APNs(settings: settings, transport: .live(client: client), shutdown: { try? await client.shutdown() })
    }

    /// Apple's largest payload for an alert.
    static let largestPayload = 4096

    /// The request for one notification to one device token. It expires with the inbox's 24 hours, replaces
    /// an earlier one with the same collapse key on the phone, and carries Patio's words and the page a tap
    /// opens (`patio.url`).
    func request(
        deliveryID: UUID, deviceToken: String, payload: NotificationDelivery.Payload, collapseKey: String?, now: Date
    ) throws -> (request: PushRequest, providerToken: String) {
        guard let url = URL(string: "https://\(settings.host)/3/device/\(deviceToken)") else { throw URLError(.badURL) }
        let token = try providerToken.token(now: now)
        var headers: [(String, String)] = [
            ("authorization", "bearer \(token)"), ("apns-topic", settings.credentials.topic), ("apns-push-type", "alert"),
            ("apns-priority", "10"), ("apns-expiration", String(Int(now.timeIntervalSince1970) + 86400)),
            ("apns-id", deliveryID.uuidString), ("content-type", "application/json"),
        ]
        if let collapseKey {
            // At most 64 bytes; a longer key is hashed into a shorter one that still collapses with itself.
            headers.append(("apns-collapse-id", collapseKey.utf8.count <= 64 ? collapseKey : NotificationDelivery.topic(collapseKey)))
        }
        return (PushRequest(url: url, headers: headers, body: Self.body(payload)), token)
    }

    /// The JSON Apple delivers to the app: `aps.alert` is what the phone shows, `patio` what the app reads
    /// on tap. A body too long for Apple's 4 KB is shortened with an ellipsis, never refused.
    static func body(_ payload: NotificationDelivery.Payload) -> [UInt8] {
        func encode(_ body: String) -> [UInt8] {
            let object: [String: Any] = [
                "aps": ["alert": ["title": payload.title, "body": body], "sound": "default", "thread-id": payload.kind],
                "patio": ["id": payload.id.uuidString, "kind": payload.kind, "url": payload.url],
            ]
            return Array((try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8))
        }
        var text = payload.body
        var bytes = encode(text)
        while bytes.count > largestPayload, !text.isEmpty {
            // A character takes at most 6 bytes in JSON (`\uXXXX`): dropping a sixth of the excess never cuts too much.
            text = String(text.dropLast(max(1, (bytes.count - largestPayload) / 6)))
            bytes = encode(text + "…")
        }
        return bytes
    }

    /// What Apple's answer means for the delivery ("Handling notification responses from APNs").
    enum Answer: Equatable {
        case accepted
        /// The token no longer reaches the app (`BadDeviceToken`, 410 `Unregistered`): forget the device.
        case deviceGone(reason: String)
        /// Apple called the provider token expired: try again with a new one.
        case providerTokenExpired
        /// Busy or down, or the provider token was refreshed too often: try again later.
        case passing(reason: String)
        /// Anything else is a mistake trying again would repeat.
        case refused(reason: String)
    }

    static func answer(status: Int, body: String) -> Answer {
        struct Reason: Decodable { let reason: String }
        let reason = (try? JSONDecoder().decode(Reason.self, from: Data(body.utf8)))?.reason ?? "HTTP \(status)"
        switch (status, reason) {
        case (200, _): return .accepted
        case (400, "BadDeviceToken"), (410, _): return .deviceGone(reason: reason)
        case (403, "ExpiredProviderToken"): return .providerTokenExpired
        case (429, _), (500..<600, _): return .passing(reason: reason)
        default: return .refused(reason: reason)
        }
    }
}
