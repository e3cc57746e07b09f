import Crypto
import Foundation
import PatioCore
import Testing

@testable import PatioPlatform

@Suite("Web Push: message encryption (RFC 8291) and the server's VAPID token (RFC 8292)")
struct WebPushEncryptionTests {
    static func bytes(_ base64URL: String) throws -> [UInt8] { Array(try #require(Data(base64URLEncoded: base64URL))) }

    @Test("the RFC 8291 example is encrypted byte for byte as the RFC gives it")
    func rfcExample() throws {
        // RFC 8291, Appendix A: the sender's key pair and salt fixed, the browser's public key and auth secret.
        let sender = try P256.KeyAgreement.PrivateKey(rawRepresentation: try Self.bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        let body = try WebPushEncryption.encrypt(
            Array("When I grow up, I want to be a watermelon".utf8),
            subscriberKey: try Self.bytes("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: try Self.bytes("BTBZMqHH6r4Tts7J_aSIgg"), senderKey: sender, salt: try Self.bytes("DGv6ra1nlYgDCS1FRnbzlw"))
        #expect(
            Data(body).base64URLEncodedString()
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A"
                + "_yl95bQpu6cVPTpK4Mq"
                + "gkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test("each message has its own key and salt, so the same words never encrypt alike")
    func freshEachTime() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let key = Array(browser.publicKey.x963Representation)
        let first = try WebPushEncryption.encrypt(Array("hola".utf8), subscriberKey: key, authSecret: auth)
        let second = try WebPushEncryption.encrypt(Array("hola".utf8), subscriberKey: key, authSecret: auth)
        #expect(first != second)
        #expect(first.count == 16 + 4 + 1 + 65 + 4 + 1 + 16)
    }

    @Test("keys that are not a subscription's, and a message no push service carries, are refused without trapping")
    func refusals() throws {
        let key = Array(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let auth = [UInt8](repeating: 1, count: 16)
        #expect(throws: WebPushEncryption.Failure.invalidSubscriptionKeys) {
            try WebPushEncryption.encrypt([1], subscriberKey: [4] + [UInt8](repeating: 9, count: 64), authSecret: auth)
        }
        #expect(throws: WebPushEncryption.Failure.invalidSubscriptionKeys) { try WebPushEncryption.encrypt([1], subscriberKey: key, authSecret: [1]) }
        #expect(throws: WebPushEncryption.Failure.invalidSubscriptionKeys) { try WebPushEncryption.encrypt([1], subscriberKey: [], authSecret: auth) }
        #expect(throws: WebPushEncryption.Failure.tooLong) {
            try WebPushEncryption.encrypt([UInt8](repeating: 0, count: 3994), subscriberKey: key, authSecret: auth)
        }
    }

    @Test("the VAPID token is an ES256 JWT for the push service's origin, that its public key verifies")
    func vapidToken() throws {
        let vapid = VAPID(secret: SymmetricKey(size: .bits256), subject: "mailto:ops@example.com")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = try vapid.authorization(endpoint: try #require(URL(string: "https://fcm.googleapis.com:443/fcm/send/abc")), now: now)
        let parts = header.split(separator: " ")
        #expect(parts.count == 3 && parts[0] == "vapid")
        let token = String(try #require(parts[1].dropFirst(2).split(separator: ",").first))
        #expect(parts[2] == "k=\(vapid.publicKey)")
        let pieces = token.split(separator: ".").map(String.init)
        try #require(pieces.count == 3)
        let publicKey = try P256.Signing.PublicKey(x963Representation: try Self.bytes(vapid.publicKey))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: try Self.bytes(pieces[2]))
        #expect(publicKey.isValidSignature(signature, for: Data((pieces[0] + "." + pieces[1]).utf8)))
        // The same token with another claim does not verify.
        let forged = Data(#"{"aud":"https://evil.example","exp":1800043200,"sub":"mailto:ops@example.com"}"#.utf8).base64URLEncodedString()
        #expect(!publicKey.isValidSignature(signature, for: Data((pieces[0] + "." + forged).utf8)))
        let claims = try JSONSerialization.jsonObject(with: Data(try Self.bytes(pieces[1]))) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://fcm.googleapis.com", "an origin leaves out its scheme's default port")
        let local = try vapid.authorization(endpoint: try #require(URL(string: "http://127.0.0.1:8931/push/a")), now: now)
        let localClaims = try Self.bytes(String(local.split(separator: ".")[1]))
        #expect(String(decoding: localClaims, as: UTF8.self).contains(#""aud":"http://127.0.0.1:8931""#))
        #expect(claims?["sub"] as? String == "mailto:ops@example.com")
        #expect(claims?["exp"] as? Int == 1_800_000_000 + 12 * 3600)
        let headerJSON = try JSONSerialization.jsonObject(with: Data(try Self.bytes(pieces[0]))) as? [String: String]
        #expect(headerJSON == ["typ": "JWT", "alg": "ES256"])
    }

    @Test("the same stored secret gives every instance the same VAPID key")
    func sameKeyEverywhere() {
        let secret = SymmetricKey(size: .bits256)
        #expect(VAPID(secret: secret, subject: "mailto:a@b.c").publicKey == VAPID(secret: secret, subject: "mailto:a@b.c").publicKey)
        #expect(
            VAPID(secret: secret, subject: "mailto:a@b.c").publicKey != VAPID(secret: SymmetricKey(size: .bits256), subject: "mailto:a@b.c").publicKey
        )
    }
}
