import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PatioCore
import Synchronization

/// A browser vendor's push service, on a real port, speaking the Web Push protocol (RFC 8030) as Patio sees
/// it: each subscription is a URL under `/push/<name>`, made with keys generated as a browser makes them.
///
/// A push is accepted (201) only with a valid VAPID token for this service's origin (RFC 8292) and a body
/// that decrypts with the subscription's private key and auth secret (RFC 8291); anything else is answered
/// as a real service would (401, 400). A subscription can be told to answer 404, 410 or 429 instead.
public final class FakePushService: Sendable {
    /// A push that arrived, decrypted, or the reason it was refused.
    public struct Received: Sendable {
        public var subscription: String
        public var status: Int
        public var payload: [String: String]
        public var headers: [String: String]
        public var refusal: String?
    }

    struct Browser: Sendable {
        let key: Data
        let auth: Data
        var answer: Int
    }

    private let state = Mutex<(browsers: [String: Browser], received: [Received])>(([:], []))
    public let port: Int

    init(port: Int) { self.port = port }

    /// Runs the service for the length of `body`.
    public static func run(_ body: @escaping @Sendable (FakePushService) async throws -> Void) async throws {
        let router = Router()
        let box = Mutex<FakePushService?>(nil)
        router.post("/push/{name}") { request, context -> Response in
            guard let service = box.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            let name = context.parameters.get("name") ?? ""
            let bytes = try await request.body.collect(upTo: 8192)
            return service.receive(name: name, headers: request.headers, body: Array(bytes.readableBytesView))
        }
        let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let service = FakePushService(port: client.port ?? 0)
            box.withLock { $0 = service }
            try await body(service)
        }
    }

    /// A new subscription as `PushSubscription.toJSON()` gives it, with `channel: web_push` for Patio.
    public func subscribe(_ name: String, answering answer: Int = 201) -> [String: Any] {
        let key = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        state.withLock { $0.browsers[name] = Browser(key: key.rawRepresentation, auth: auth, answer: answer) }
        return [
            "channel": "web_push", "endpoint": "http://127.0.0.1:\(port)/push/\(name)",
            "keys": ["p256dh": Data(key.publicKey.x963Representation).base64URLEncodedString(), "auth": auth.base64URLEncodedString()],
        ]
    }

    /// From now on, the subscription answers `status`.
    public func answer(_ name: String, with status: Int) {
        state.withLock { $0.browsers[name]?.answer = status }
    }

    public var received: [Received] { state.withLock { $0.received } }

    func receive(name: String, headers: HTTPFields, body: [UInt8]) -> Response {
        let flat = Dictionary(headers.map { ($0.name.canonicalName, $0.value) }, uniquingKeysWith: { first, _ in first })
        let (status, payload, refusal): (Int, [String: String], String?) = {
            guard let browser = state.withLock({ $0.browsers[name] }) else { return (404, [:], "no such subscription") }
            if let refusal = checkVAPID(flat["authorization"]) { return (401, [:], refusal) }
            guard flat["content-encoding"] == "aes128gcm", flat["ttl"] != nil else { return (400, [:], "Content-Encoding and TTL are required") }
            guard let plaintext = Self.decrypt(body, browser: browser),
                let object = try? JSONSerialization.jsonObject(with: Data(plaintext)) as? [String: Any]
            else { return (400, [:], "the body does not decrypt with the subscription's keys") }
            return (browser.answer, object.compactMapValues { $0 as? String }, nil)
        }()
        state.withLock { $0.received.append(Received(subscription: name, status: status, payload: payload, headers: flat, refusal: refusal)) }
        var response = Response(status: .init(code: status))
        if status == 429 { response.headers[.retryAfter] = "120" }
        return response
    }

    /// A `vapid t=<JWT>, k=<key>` header whose JWT is ES256, signed by `k`, for this origin and unexpired.
    public func checkVAPID(_ header: String?) -> String? {
        guard let header, header.hasPrefix("vapid ") else { return "no VAPID authorization" }
        var fields: [String: String] = [:]
        for part in header.dropFirst(6).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        guard let token = fields["t"], let keyText = fields["k"], let keyBytes = Data(base64URLEncoded: keyText),
            let key = try? P256.Signing.PublicKey(x963Representation: keyBytes)
        else { return "t and k are required" }
        let pieces = token.split(separator: ".").map(String.init)
        guard pieces.count == 3, let signatureBytes = Data(base64URLEncoded: pieces[2]),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes),
            key.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8))
        else { return "the token's signature does not verify with k" }
        guard let headerBytes = Data(base64URLEncoded: pieces[0]),
            let jwtHeader = try? JSONSerialization.jsonObject(with: headerBytes) as? [String: Any], jwtHeader["alg"] as? String == "ES256",
            let claimBytes = Data(base64URLEncoded: pieces[1]), let claims = try? JSONSerialization.jsonObject(with: claimBytes) as? [String: Any]
        else { return "the token is not an ES256 JWT" }
        guard claims["aud"] as? String == "http://127.0.0.1:\(port)" else { return "the token is for \(claims["aud"] ?? "nobody")" }
        guard let expiry = claims["exp"] as? Int, expiry > Int(Date().timeIntervalSince1970) - 7 * 24 * 3600,
            expiry <= Int(Date().timeIntervalSince1970) + 24 * 3600 + 30 * 24 * 3600
        else { return "the token's exp is missing or more than 24 hours ahead" }
        guard let subject = claims["sub"] as? String, subject.hasPrefix("mailto:") || subject.hasPrefix("https:") else {
            return "the token has no contact (sub)"
        }
        return nil
    }

    /// RFC 8291 from the browser's side: the sender's key from the header, the same derivations, then the
    /// padding delimiter stripped.
    static func decrypt(_ body: [UInt8], browser: Browser) -> [UInt8]? {
        guard body.count > 21 else { return nil }
        let salt = Array(body[0..<16])
        let idLength = Int(body[20])
        guard body.count > 21 + idLength + 16 else { return nil }
        let senderBytes = Array(body[21..<(21 + idLength)])
        let sealed = Array(body[(21 + idLength)...])
        guard let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: browser.key),
            let sender = try? P256.KeyAgreement.PublicKey(x963Representation: senderBytes),
            let shared = try? key.sharedSecretFromKeyAgreement(with: sender)
        else { return nil }
        let info = Array("WebPush: info".utf8) + [0] + Array(key.publicKey.x963Representation) + senderBytes
        let ikm = shared.hkdfDerivedSymmetricKey(using: SHA256.self, salt: browser.auth, sharedInfo: info, outputByteCount: 32)
        let cek = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(inputKeyMaterial: ikm, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        guard let gcmNonce = try? AES.GCM.Nonce(data: nonce.withUnsafeBytes { Array($0) }),
            let box = try? AES.GCM.SealedBox(nonce: gcmNonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16)),
            var plain = try? AES.GCM.open(box, using: cek).map({ $0 })
        else { return nil }
        while plain.last == 0 { plain.removeLast() }
        guard plain.last == 2 else { return nil }
        plain.removeLast()
        return plain
    }
}
