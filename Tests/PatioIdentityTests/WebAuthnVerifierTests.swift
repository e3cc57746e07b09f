import Foundation
import PatioTestSupport
@testable import PatioIdentity
import Testing

@Suite("Passkey checks (WebAuthn relying party)")
struct WebAuthnVerifierTests {
    let verifier = WebAuthnVerifier(origin: "http://localhost:8080", rpID: "localhost", requireUserVerification: true)
    let challenge = Array((0..<32).map { _ in UInt8.random(in: 0...255) })

    private func code(_ work: () throws -> Void) -> String? {
        do { try work(); return nil } catch let error as PasskeyError { return error.code } catch { return "\(error)" }
    }

    @Test("a P-256 and an RSA passkey register and then sign in, their counters moving forward", arguments: ["p256", "rsa"])
    func roundTrip(_ kind: String) throws {
        var authenticator = kind == "p256" ? SoftAuthenticator.p256() : try SoftAuthenticator.rsa()
        let created = authenticator.register(challenge: challenge)
        let credential = try verifier.verifyRegistration(
            clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, challenge: challenge)
        #expect(credential.id == authenticator.credentialID && credential.key.algorithm == (kind == "p256" ? .es256 : .rs256))
        let next = Array((0..<32).map { _ in UInt8.random(in: 0...255) })
        let assertion = try authenticator.assert(challenge: next)
        let count = try verifier.verifyAssertion(
            clientDataJSON: assertion.clientDataJSON, authenticatorData: assertion.authenticatorData,
            signature: assertion.signature, challenge: next, key: credential.key, storedSignCount: 0)
        #expect(count == 1)
    }

    @Test(
        """
        registration is refused for another origin, another RP id, another challenge, a get ceremony, missing UV or presence, attestation \
        formats other than none
        """
    )
    func registrationFailures() throws {
        let good = SoftAuthenticator.p256()
        func register(_ authenticator: SoftAuthenticator, challenge: [UInt8]? = nil, format: String = "none", type: String = "webauthn.create")
            -> String?
        {
            var created = authenticator.register(challenge: challenge ?? self.challenge, format: format)
            if type != "webauthn.create" { created.clientDataJSON = authenticator.clientData(type: type, challenge: challenge ?? self.challenge) }
            return code {
                _ = try verifier.verifyRegistration(
                    clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, challenge: self.challenge)
            }
        }
        var otherOrigin = good; otherOrigin.origin = "https://evil.example"
        var otherRP = good; otherRP.rpID = "evil.example"
        var unverified = good; unverified.userVerified = false
        var absent = good; absent.userPresent = false
        #expect(register(good) == nil)
        #expect(register(otherOrigin) == "passkey_origin_mismatch")
        #expect(register(otherRP) == "passkey_rp_mismatch")
        #expect(register(good, challenge: [1, 2, 3]) == "passkey_challenge_mismatch")
        #expect(register(good, type: "webauthn.get") == "passkey_type_mismatch")
        #expect(register(unverified) == "passkey_user_not_verified")
        #expect(register(absent) == "passkey_user_not_present")
        #expect(register(good, format: "packed") == "passkey_attestation_unsupported")
        let lenient = WebAuthnVerifier(origin: verifier.origin, rpID: verifier.rpID, requireUserVerification: false)
        let created = unverified.register(challenge: challenge)
        #expect(
            code {
                _ = try lenient.verifyRegistration(
                    clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, challenge: challenge)
            } == nil)
        #expect(
            code {
                _ = try verifier.verifyRegistration(
                    clientDataJSON: Array("{".utf8), attestationObject: created.attestationObject, challenge: challenge)
            } == "passkey_malformed")
        #expect(
            code { _ = try verifier.verifyRegistration(clientDataJSON: created.clientDataJSON, attestationObject: [0xFF], challenge: challenge) }
                != nil)
    }

    @Test("sign-in is refused for a bad signature, another key, a counter going backwards, another origin, missing UV")
    func assertionFailures() throws {
        var authenticator = SoftAuthenticator.p256()
        let created = authenticator.register(challenge: challenge)
        let key = try verifier.verifyRegistration(
            clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, challenge: challenge
        ).key
        func verify(_ a: (clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]), key: COSEKey, stored: UInt32 = 0) -> String? {
            code {
                _ = try verifier.verifyAssertion(
                    clientDataJSON: a.clientDataJSON, authenticatorData: a.authenticatorData, signature: a.signature,
                    challenge: challenge, key: key, storedSignCount: stored)
            }
        }
        var tampered = try authenticator.assert(challenge: challenge)
        tampered.signature[tampered.signature.count - 1] ^= 0x01
        #expect(verify(tampered, key: key) == "passkey_signature_invalid")
        let stranger = try SoftAuthenticator.rsa()
        let strangerKey = try COSEKey(encoded: stranger.coseKey)
        #expect(verify(try authenticator.assert(challenge: challenge), key: strangerKey) == "passkey_signature_invalid")
        let fresh = try authenticator.assert(challenge: challenge)
        #expect(verify(fresh, key: key, stored: 50) == "passkey_counter_regressed")
        #expect(verify(try authenticator.assert(challenge: challenge, origin: "http://localhost:9999"), key: key) == "passkey_origin_mismatch")
        authenticator.userVerified = false
        #expect(verify(try authenticator.assert(challenge: challenge), key: key) == "passkey_user_not_verified")
    }

    @Test("CBOR: what authenticators write reads back; indefinite lengths, tags and trailing bytes are refused")
    func cbor() throws {
        let value = CBOR.map([.text("fmt"): .text("none"), .negative(-7): .bytes([1, 2, 3]), .unsigned(500): .array([.bool(true), .null])])
        #expect(try CBOR.decodeAll(value.encoded) == value)
        #expect(throws: CBOR.Malformed.self) { try CBOR.decodeAll([0x5F, 0x41, 0x00, 0xFF]) }  // indefinite byte string
        #expect(throws: CBOR.Malformed.self) { try CBOR.decodeAll([0xC2, 0x41, 0x00]) }  // a tag
        #expect(throws: CBOR.Malformed.self) { try CBOR.decodeAll(CBOR.null.encoded + [0x00]) }
        #expect(throws: CBOR.Malformed.self) { try CBOR.decodeAll([0x5A, 0xFF, 0xFF, 0xFF, 0xFF]) }  // longer than the input
    }
}
