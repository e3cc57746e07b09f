import Crypto
import Foundation

/// Message encryption for Web Push (RFC 8291) in the `aes128gcm` content coding (RFC 8188): what only the
/// subscribed browser can read, though it passes through its vendor's push service.
///
/// The body is one record: a header (the salt, the record size, this message's own public key) and the
/// plaintext sealed with AES-128-GCM under a key and nonce derived from an ECDH agreement between a fresh
/// key pair and the subscription's key, mixed with the subscription's auth secret.
public enum WebPushEncryption {
    /// The record size written in the header. One record holds the whole message (push services accept
    /// at most 4,096 bytes of body), so it only has to be larger than what is sealed.
    static let recordSize: UInt32 = 4096

    public enum Failure: Error, Equatable {
        /// The subscription's `p256dh` is not a P-256 point, or its `auth` is not 16 bytes.
        case invalidSubscriptionKeys
        /// More than a push service carries in one message.
        case tooLong
    }

    /// The encrypted body for a subscription with public key `subscriberKey` (65 bytes, uncompressed) and
    /// `authSecret` (16 bytes). `senderKey` and `salt` are fresh for every message; tests pass fixed ones.
    public static func encrypt(
        _ plaintext: [UInt8], subscriberKey: [UInt8], authSecret: [UInt8],
        senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey(),
        salt: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255) }
    ) throws -> [UInt8] {
        guard authSecret.count == 16, salt.count == 16,
            let subscriber = try? P256.KeyAgreement.PublicKey(x963Representation: subscriberKey)
        else { throw Failure.invalidSubscriptionKeys }
        // 16-byte tag and the one-byte delimiter after the plaintext must fit the record; 3,993 bytes of
        // plaintext is what RFC 8291 says every push service must carry.
        guard plaintext.count <= 3993 else { throw Failure.tooLong }
        let senderPublic = [UInt8](senderKey.publicKey.x963Representation)
        let shared = try senderKey.sharedSecretFromKeyAgreement(with: subscriber)
        // RFC 8291 §3.4: IKM from the ECDH secret, salted with the auth secret, bound to both public keys.
        let keyInfo = Array("WebPush: info".utf8) + [0] + subscriberKey + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        // RFC 8188 §2.2: the content-encryption key and the nonce, from IKM and the salt.
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonceKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let nonce = try AES.GCM.Nonce(data: nonceKey.withUnsafeBytes { Array($0) })
        // The last (and only) record ends with the delimiter 2, with no padding after it.
        let sealed = try AES.GCM.seal(plaintext + [2], using: contentKey, nonce: nonce)
        var body = salt
        body += withUnsafeBytes(of: recordSize.bigEndian) { Array($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }
}
