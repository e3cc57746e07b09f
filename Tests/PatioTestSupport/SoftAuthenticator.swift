import Crypto
import Foundation
@testable import PatioIdentity
import _CryptoExtras

/// An authenticator made in the test: real P-256 or RSA keys, authenticator data and client data built
/// byte by byte, so each check of the relying party can be exercised on its own.
public struct SoftAuthenticator {
    public init(key: Key) { self.key = key }

    public enum Key {
        case p256(P256.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    public let key: Key
    public let credentialID: [UInt8] = Array((0..<32).map { _ in UInt8.random(in: 0...255) })
    public var rpID = "localhost"
    public var origin = "http://localhost:8080"
    public var signCount: UInt32 = 0
    public var userVerified = true
    public var userPresent = true

    public static func p256() -> SoftAuthenticator { SoftAuthenticator(key: .p256(P256.Signing.PrivateKey())) }
    public static func rsa() throws -> SoftAuthenticator { SoftAuthenticator(key: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))) }

    public var coseKey: [UInt8] {
        switch key {
        case .p256(let privateKey):
            let raw = Array(privateKey.publicKey.rawRepresentation)
            return CBOR.map([
                .unsigned(1): .unsigned(2), .unsigned(3): .negative(-7), .negative(-1): .unsigned(1),
                .negative(-2): .bytes(Array(raw[0..<32])), .negative(-3): .bytes(Array(raw[32..<64])),
            ]).encoded
        case .rsa(let privateKey):
            let primitives = try! privateKey.publicKey.getKeyPrimitives()
            return CBOR.map([
                .unsigned(1): .unsigned(3), .unsigned(3): .negative(-257),
                .negative(-1): .bytes(Array(primitives.modulus)), .negative(-2): .bytes(Array(primitives.publicExponent)),
            ]).encoded
        }
    }

    public func authenticatorData(attested: Bool) -> [UInt8] {
        var flags: UInt8 = 0
        if userPresent { flags |= 0x01 }
        if userVerified { flags |= 0x04 }
        if attested { flags |= 0x40 }
        var bytes = Array(SHA256.hash(data: Array(rpID.utf8))) + [flags] + withUnsafeBytes(of: signCount.bigEndian, Array.init)
        if attested {
            bytes += [UInt8](repeating: 0, count: 16) + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + coseKey
        }
        return bytes
    }

    public func clientData(type: String, challenge: [UInt8], origin: String? = nil) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(challenge))","origin":"\#(origin ?? self.origin)","crossOrigin":false}"#.utf8)
    }

    /// What `navigator.credentials.create` would return: client data and a `none` attestation object.
    public func register(challenge: [UInt8], format: String = "none") -> (clientDataJSON: [UInt8], attestationObject: [UInt8]) {
        let attestation = CBOR.map([
            .text("fmt"): .text(format), .text("attStmt"): .map([:]), .text("authData"): .bytes(authenticatorData(attested: true)),
        ])
        return (clientData(type: "webauthn.create", challenge: challenge), attestation.encoded)
    }

    /// What `navigator.credentials.get` would return, signed by this authenticator's key.
    public mutating func assert(challenge: [UInt8], origin: String? = nil) throws -> (
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]
    ) {
        signCount += 1
        let data = authenticatorData(attested: false)
        let client = clientData(type: "webauthn.get", challenge: challenge, origin: origin)
        let signed = data + Array(SHA256.hash(data: client))
        let signature: [UInt8] =
            switch key {
            case .p256(let privateKey): Array(try privateKey.signature(for: signed).derRepresentation)
            case .rsa(let privateKey): Array(try privateKey.signature(for: signed, padding: .insecurePKCS1v1_5).rawRepresentation)
            }
        return (client, data, signature)
    }
}
