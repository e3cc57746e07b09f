import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization

/// Apple's push notification service (APNs), on a real port, speaking its provider API as Apple documents it
/// ("Sending notification requests to APNs", "Handling notification responses from APNs"): HTTP/2 only, over TLS,
/// `POST /3/device/<token>`, authenticated by an ES256 provider token (JWT).
///
/// A push is accepted (200) only for a device token handed out by `installApp()`, with a valid provider token for
/// the key, team and topic the fake was started with; anything else is answered with Apple's status and reason.
/// A device token can be told to answer something else (410 Unregistered, 429, 503 ...).
public final class FakeAPNs: Sendable {
    /// The certificate authority that signed the fake's TLS certificate (PEM); a client must trust it.
    public static let trustRootPEM: String = Identity.authorityPEM

    /// What arrived: one per request, accepted or refused.
    public struct Received: Sendable {
        /// From the `:path` `/3/device/<token>`; empty when the path has none.
        public var deviceToken: String
        /// What the fake answered.
        public var status: Int
        /// Apple's error reason it answered, nil on 200.
        public var reason: String?
        /// The request headers, lowercased names (apns-topic, apns-push-type, authorization ...).
        public var headers: [String: String]
        /// The request body as sent.
        public var payload: Data
        /// The JWT from `authorization: bearer <jwt>`; empty when there was none.
        public var providerToken: String
    }

    /// The port the fake listens on, on 127.0.0.1.
    public let port: Int
    private let desk: Desk

    private init(port: Int, desk: Desk) {
        self.port = port
        self.desk = desk
    }

    /// Runs the fake for the length of `body`; `now` is the clock the fake judges token ages by (tests use a fake clock).
    public static func run(
        keyID: String, teamID: String, topic: String, publicKey: P256.Signing.PublicKey,
        now: @escaping @Sendable () -> Date = Date.init,
        _ body: @escaping @Sendable (FakeAPNs) async throws -> Void
    ) async throws {
        let desk = Desk(keyID: keyID, teamID: teamID, topic: topic, publicKey: publicKey, now: now)
        let tls = try NIOSSLContext(configuration: Identity.serverConfiguration())
        let connections = Connections()
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                connections.insert(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    try channel.pipeline.syncOperations.addHandler(Self.http2Only(desk: desk))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()

        let fake = FakeAPNs(port: server.localAddress?.port ?? 0, desk: desk)
        let outcome: Result<Void, any Error>
        do {
            try await body(fake)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        // Connections a client left open would outlive the listening socket: close them too.
        try? await server.close()
        await connections.closeAll()
        try outcome.get()
    }

    /// A device token (64 hex characters, random) that the fake knows as an installed app's.
    public func installApp() -> String {
        let token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        desk.state.withLock { _ = $0.installed.insert(token) }
        return token
    }

    /// From now on that device token is answered `status` with `reason` (e.g. 410 "Unregistered", 400 "BadDeviceToken",
    /// 429 "TooManyRequests", 503 "ServiceUnavailable").
    public func answer(_ deviceToken: String, status: Int, reason: String) {
        // Apple's 410 tells when it learnt the token was gone: the moment the test said so, on the fake's clock.
        let milliseconds = Int((desk.now().timeIntervalSince1970 * 1000).rounded(.down))
        desk.state.withLock { $0.told[deviceToken.lowercased()] = Told(status: status, reason: reason, since: milliseconds) }
    }

    /// Every request so far, in the order answered.
    public var received: [Received] { desk.state.withLock { $0.received } }

    /// TLS must agree on "h2" (ALPN) before anything else is said: a client that would speak HTTP/1.1, or offered no
    /// protocol at all, is hung up on without an HTTP answer, as APNs speaks nothing but HTTP/2.
    private static func http2Only(desk: Desk) -> ApplicationProtocolNegotiationHandler {
        ApplicationProtocolNegotiationHandler { result, channel in
            guard case .negotiated("h2") = result else { return channel.close() }
            return channel.configureHTTP2Pipeline(mode: .server) { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), StreamHandler(desk: desk)])
                }
            }.map { _ in }
        }
    }
}

// The fake's parts, nested so that their names cannot clash with the rest of the module.
extension FakeAPNs {
    /// A status the test told a device token to answer.
    fileprivate struct Told: Sendable {
        var status: Int
        var reason: String
        /// When it was told, in ms since 1970: the `timestamp` of a 410.
        var since: Int
    }

    /// The fake's rules and what it has seen, shared by every connection.
    fileprivate final class Desk: Sendable {
        struct State: Sendable {
            var installed: Set<String> = []
            var told: [String: Told] = [:]
            var received: [FakeAPNs.Received] = []
            /// The last provider token accepted and its `iat`: Apple refuses a new one less than 20 minutes younger.
            var lastToken: (jwt: String, issuedAt: Int)?
        }

        /// What the fake sends back to one request.
        struct Reply {
            var status: Int
            var reason: String?
            var timestamp: Int?
            var apnsID = ""
        }

        static let pushTypes: Set = ["alert", "background", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk"]

        let keyID: String
        let teamID: String
        let topic: String
        /// The key's x9.63 bytes: swift-crypto's key type is not Sendable, its bytes are.
        let publicKey: Data
        let now: @Sendable () -> Date
        let state = Mutex(State())

        init(keyID: String, teamID: String, topic: String, publicKey: P256.Signing.PublicKey, now: @escaping @Sendable () -> Date) {
            self.keyID = keyID
            self.teamID = teamID
            self.topic = topic
            self.publicKey = publicKey.x963Representation
            self.now = now
        }

        /// Judges one request and records it.
        func reply(method: String, path: String, headers: [String: String], body: Data) -> Reply {
            let deviceToken = Self.deviceToken(inPath: path)
            let jwt = Self.bearerToken(headers["authorization"])
            var reply = judge(method: method, deviceToken: deviceToken, headers: headers, jwt: jwt, body: body)
            // Apple echoes the request's apns-id (judged a UUID above), or makes one up.
            reply.apnsID = headers["apns-id"].flatMap(UUID.init(uuidString:))?.uuidString ?? UUID().uuidString
            let received = FakeAPNs.Received(
                deviceToken: deviceToken ?? "", status: reply.status, reason: reply.reason, headers: headers, payload: body,
                providerToken: jwt ?? "")
            state.withLock { $0.received.append(received) }
            return reply
        }

        /// Apple's checks, in the order this fake makes them; the first that fails is the answer.
        private func judge(method: String, deviceToken: String?, headers: [String: String], jwt: String?, body: Data) -> Reply {
            func refuse(_ status: Int, _ reason: String, timestamp: Int? = nil) -> Reply {
                Reply(status: status, reason: reason, timestamp: timestamp)
            }
            guard method == "POST" else { return refuse(405, "MethodNotAllowed") }
            guard let deviceToken else { return refuse(404, "BadPath") }
            guard headers["authorization"] != nil else { return refuse(403, "MissingProviderToken") }
            guard let jwt, let issuedAt = verifiedIssueTime(jwt) else { return refuse(403, "InvalidProviderToken") }
            let age = now().timeIntervalSince1970 - Double(issuedAt)
            if age > 3600 { return refuse(403, "ExpiredProviderToken") }
            if age < -60 { return refuse(403, "InvalidProviderToken") }
            guard acceptProviderToken(jwt, issuedAt: issuedAt) else { return refuse(429, "TooManyProviderTokenUpdates") }

            guard let topic = headers["apns-topic"] else { return refuse(400, "MissingTopic") }
            guard topic == self.topic else { return refuse(400, "DeviceTokenNotForTopic") }
            guard let pushType = headers["apns-push-type"], Self.pushTypes.contains(pushType) else { return refuse(400, "InvalidPushType") }
            if let id = headers["apns-id"], UUID(uuidString: id) == nil { return refuse(400, "BadMessageId") }
            if let collapseID = headers["apns-collapse-id"], collapseID.utf8.count > 64 { return refuse(400, "BadCollapseId") }
            if let expiration = headers["apns-expiration"], Int(expiration) == nil { return refuse(400, "BadExpirationDate") }
            if let priority = headers["apns-priority"], !["5", "10", "1"].contains(priority) { return refuse(400, "BadPriority") }

            if body.count > 4096 { return refuse(413, "PayloadTooLarge") }
            if body.isEmpty { return refuse(400, "PayloadEmpty") }
            // Apple's reason list has none for a body that is not JSON or lacks "aps"; the fake calls it InvalidPayload.
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any], object["aps"] is [String: Any]
            else { return refuse(400, "InvalidPayload") }

            let token = deviceToken.lowercased()
            guard token.utf8.count == 64, token.allSatisfy(\.isHexDigit) else { return refuse(400, "BadDeviceToken") }
            let (installed, told) = state.withLock { ($0.installed.contains(token), $0.told[token]) }
            if let told { return refuse(told.status, told.reason, timestamp: told.status == 410 ? told.since : nil) }
            guard installed else { return refuse(400, "BadDeviceToken") }
            return Reply(status: 200)
        }

        /// The `iat` of a provider token whose header, claims and ES256 signature are all right for this fake; nil otherwise.
        private func verifiedIssueTime(_ jwt: String) -> Int? {
            struct Header: Decodable { let alg: String; let kid: String }
            struct Claims: Decodable { let iss: String; let iat: Int }
            let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3,
                let headerJSON = Self.base64URLDecoded(parts[0]), let claimsJSON = Self.base64URLDecoded(parts[1]),
                let signatureBytes = Self.base64URLDecoded(parts[2]), signatureBytes.count == 64,
                let header = try? JSONDecoder().decode(Header.self, from: headerJSON), header.alg == "ES256", header.kid == keyID,
                let claims = try? JSONDecoder().decode(Claims.self, from: claimsJSON), claims.iss == teamID,
                let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
                let publicKey = try? P256.Signing.PublicKey(x963Representation: publicKey),
                publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8))
            else { return nil }
            return claims.iat
        }

        /// Takes `jwt` as the provider token now in use, unless it replaces the last one too soon (Apple: at most one
        /// new token per 20 minutes). The token is remembered once it authenticates, whatever the push then gets.
        private func acceptProviderToken(_ jwt: String, issuedAt: Int) -> Bool {
            state.withLock { state in
                if let last = state.lastToken, last.jwt != jwt, issuedAt - last.issuedAt < 1200 { return false }
                state.lastToken = (jwt, issuedAt)
                return true
            }
        }

        /// `<token>` of `/3/device/<token>`, or nil when the path is not of that form.
        static func deviceToken(inPath path: String) -> String? {
            let prefix = "/3/device/"
            guard path.hasPrefix(prefix) else { return nil }
            let token = String(path.dropFirst(prefix.count))
            return token.isEmpty || token.contains("/") ? nil : token
        }

        /// The JWT of `bearer <jwt>` (the scheme's case does not matter, as in HTTP).
        static func bearerToken(_ authorization: String?) -> String? {
            guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
            let jwt = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
            return jwt.isEmpty ? nil : jwt
        }

        /// Base64url without padding, as JWTs are written; nil for anything else.
        static func base64URLDecoded(_ text: Substring) -> Data? {
            let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            guard text.allSatisfy(alphabet.contains) else { return nil }
            var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            return Data(base64Encoded: base64)
        }
    }

    /// One HTTP/2 stream: one notification request, answered when its body has all arrived.
    fileprivate final class StreamHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        private let desk: Desk
        private var head: HTTPRequestHead?
        private var body = ByteBuffer()

        init(desk: Desk) { self.desk = desk }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
            case .body(var chunk):
                body.writeBuffer(&chunk)
            case .end:
                guard let head else { return }
                let headers = Dictionary(head.headers.map { ($0.name.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
                let reply = desk.reply(method: head.method.rawValue, path: head.uri, headers: headers, body: Data(body.readableBytesView))
                respond(reply, context: context)
            }
        }

        /// 200 with an empty body, or `{"reason": ...}` (and a 410's `timestamp`) as JSON.
        private func respond(_ reply: Desk.Reply, context: ChannelHandlerContext) {
            var headers = HTTPHeaders([("apns-id", reply.apnsID)])
            var json: ByteBuffer?
            if let reason = reply.reason {
                var object: [String: Any] = ["reason": reason]
                object["timestamp"] = reply.timestamp
                let bytes = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
                json = context.channel.allocator.buffer(bytes: bytes)
                headers.add(name: "content-type", value: "application/json")
                headers.add(name: "content-length", value: String(bytes.count))
            }
            let status = HTTPResponseStatus(statusCode: reply.status)
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: status, headers: headers))), promise: nil)
            if let json { context.write(wrapOutboundOut(.body(.byteBuffer(json))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    /// The connections accepted, so that stopping the fake closes them all.
    fileprivate final class Connections: Sendable {
        private let open = Mutex<[ObjectIdentifier: any Channel]>([:])

        func insert(_ channel: any Channel) {
            let id = ObjectIdentifier(channel)
            open.withLock { $0[id] = channel }
            channel.closeFuture.whenComplete { [weak self] _ in self?.open.withLock { _ = $0.removeValue(forKey: id) } }
        }

        func closeAll() async {
            for channel in open.withLock({ Array($0.values) }) {
                try? await channel.close()
            }
        }
    }

    /// The fake's TLS identity: a test-only certificate authority and a server certificate it signed for `localhost` and
    /// `127.0.0.1`, made with openssl for this fake alone (P-256 keys, valid 2000-2100 so no machine's clock falls outside).
    /// Nothing real trusts them. Made with OpenSSL 3.0, in an empty folder holding `ca.cnf`:
    ///
    ///     [ca]
    ///     default_ca = fake
    ///     [fake]
    ///     database = index.txt
    ///     new_certs_dir = .
    ///     serial = serial
    ///     default_md = sha256
    ///     policy = any
    ///     copy_extensions = none
    ///     unique_subject = no
    ///     [any]
    ///     commonName = supplied
    ///     [ca_ext]
    ///     basicConstraints = critical,CA:TRUE
    ///     keyUsage = critical,keyCertSign,cRLSign
    ///     subjectKeyIdentifier = hash
    ///     [leaf_ext]
    ///     basicConstraints = critical,CA:FALSE
    ///     keyUsage = critical,digitalSignature
    ///     extendedKeyUsage = serverAuth
    ///     subjectAltName = DNS:localhost,IP:127.0.0.1
    ///     subjectKeyIdentifier = hash
    ///     authorityKeyIdentifier = keyid
    ///
    /// and then:
    ///
    ///     touch index.txt && echo 1000 > serial
    ///     openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out ca.key
    ///     openssl req -new -key ca.key -subj "/CN=Fake APNs Test CA" -out ca.csr
    ///     openssl ca -batch -config ca.cnf -selfsign -keyfile ca.key -in ca.csr -extensions ca_ext \
    ///         -startdate 20000101000000Z -enddate 21000101000000Z -notext -out ca.pem
    ///     openssl ecparam -name prime256v1 -genkey -noout | openssl pkcs8 -topk8 -nocrypt -out leaf.key
    ///     openssl req -new -key leaf.key -subj "/CN=localhost" -out leaf.csr
    ///     openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in leaf.csr -extensions leaf_ext \
    ///         -startdate 20000101000000Z -enddate 21000101000000Z -notext -out leaf.pem
    ///
    /// (`openssl ca` rather than `openssl x509 -req`: only it sets a start date in the past.)
    fileprivate enum Identity {
        static func serverConfiguration() throws -> TLSConfiguration {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(serverPEM.utf8)).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem))
            )
            // Only h2 is offered: APNs has no HTTP/1.1.
            configuration.applicationProtocols = ["h2"]
            configuration.minimumTLSVersion = .tlsv12
            return configuration
        }

        static let authorityPEM = """
            -----BEGIN CERTIFICATE-----
            MIIBbDCCARKgAwIBAgICEAAwCgYIKoZIzj0EAwIwHDEaMBgGA1UEAwwRRmFrZSBB
            UE5zIFRlc3QgQ0EwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBwx
            GjAYBgNVBAMMEUZha2UgQVBOcyBUZXN0IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0D
            AQcDQgAE8nijuxUqCW4CB1JMmflBFAXvfs/1fsR2F2+/g8/J2uTWbeGvl/snqKLV
            G+PalqeObvqinqDOlPqw/mEtze8ADKNCMEAwDwYDVR0TAQH/BAUwAwEB/zAOBgNV
            HQ8BAf8EBAMCAQYwHQYDVR0OBBYEFNTuaJptU7NDBnEVopzeuu+9Z+dRMAoGCCqG
            SM49BAMCA0gAMEUCIBLnQRl4l7ZMVyK1EZn0SE6lUMVTXr4D67tVl6VvUi4cAiEA
            ieFV3oY+2r2Ge2HD1rBFXsEzc6bCz1NFD2rsGdwhOVc=
            -----END CERTIFICATE-----
            """

        static let serverPEM = """
            -----BEGIN CERTIFICATE-----
            MIIBtTCCAVugAwIBAgICEAEwCgYIKoZIzj0EAwIwHDEaMBgGA1UEAwwRRmFrZSBB
            UE5zIFRlc3QgQ0EwIBcNMDAwMTAxMDAwMDAwWhgPMjEwMDAxMDEwMDAwMDBaMBQx
            EjAQBgNVBAMMCWxvY2FsaG9zdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJ6F
            b6SV5OE5ZufsacnMLlIhk4oZp52p7DqA67S7VEfdv2hgU/9b2pAdfkYg3Wi4Y4D/
            USWD98meGRUdcSRJPLSjgZIwgY8wDAYDVR0TAQH/BAIwADAOBgNVHQ8BAf8EBAMC
            B4AwEwYDVR0lBAwwCgYIKwYBBQUHAwEwGgYDVR0RBBMwEYIJbG9jYWxob3N0hwR/
            AAABMB0GA1UdDgQWBBR5nFlmIuD5it4HpZRO3r52kVpvGzAfBgNVHSMEGDAWgBTU
            7miabVOzQwZxFaKc3rrvvWfnUTAKBggqhkjOPQQDAgNIADBFAiEAht7dPM3cQr6j
            5OldSyO7XEC+1ayLZHOmg1qmGm3LpsoCIHD2f7XvXkS26hsBsDZOVPvpGoLEfwdN
            xGLT7/UvCWF+
            -----END CERTIFICATE-----
            """

        static let serverKeyPEM = """
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgOrcY/27IOtC6C7jb
            bv1WlzerZNwvj9jPVmCVULYXPtehRANCAASehW+kleThOWbn7GnJzC5SIZOKGaed
            qew6gOu0u1RH3b9oYFP/W9qQHX5GIN1ouGOA/1Elg/fJnhkVHXEkSTy0
            -----END PRIVATE KEY-----
            """
    }
}
