import Foundation
@testable import PatioIdentity
import PatioTestSupport
import Testing

/// What a browser relays from an authenticator is attacker-controlled bytes: every decoder either reads it
/// or refuses it with an error, and never traps (a trap would stop every module at once).
@Suite("Passkey decoders under hostile input")
struct PasskeyDecoderFuzzTests {
    let verifier = WebAuthnVerifier(origin: "http://localhost:8080", rpID: "localhost", requireUserVerification: true)
    let challenge = Array((0..<32).map { UInt8($0) })

    @Test("property: CBOR and COSE keys from random and mutated bytes decode or throw")
    func cbor() throws {
        var fuzz = FuzzInputs(seed: 0xCB0A)
        let created = SoftAuthenticator.p256().register(challenge: challenge)
        let rsa = try SoftAuthenticator.rsa().register(challenge: challenge)
        var inputs = fuzz.bytes(3_000, maxLength: 96)
        inputs += fuzz.mutations(of: created.attestationObject, 3_000) + fuzz.mutations(of: rsa.attestationObject, 1_000)
        // Lengths and counts at their limits: huge byte strings, deep nesting, 2^64-1 arguments.
        inputs += [
            [0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x9B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x3B, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x3B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            Array(repeating: 0x81, count: 40) + [0x00], [0xBF], [0x5F], [0xC0, 0x00], [0xF9, 0x00, 0x00],
        ]
        var decoded = 0
        for bytes in inputs {
            if (try? CBOR.decodeAll(bytes)) != nil { decoded += 1 }
            _ = try? COSEKey(encoded: bytes)
            _ = try? AuthenticatorData(bytes)
        }
        // The mutations keep some inputs readable, so the decoders were exercised past their first byte.
        #expect(decoded > 0)
    }

    @Test("property: registrations and sign-ins with mutated client data, authenticator data and signatures are refused, never trap")
    func ceremonies() throws {
        var fuzz = FuzzInputs(seed: 0xFA55)
        var authenticator = SoftAuthenticator.p256()
        let created = authenticator.register(challenge: challenge)
        let key = try verifier.verifyRegistration(
            clientDataJSON: created.clientDataJSON, attestationObject: created.attestationObject, challenge: challenge
        ).key
        for clientData in fuzz.mutations(of: created.clientDataJSON, 1_500) {
            _ = try? WebAuthnVerifier.challenge(in: clientData)
            _ = try? verifier.verifyRegistration(clientDataJSON: clientData, attestationObject: created.attestationObject, challenge: challenge)
        }
        for attestation in fuzz.mutations(of: created.attestationObject, 1_500) {
            _ = try? verifier.verifyRegistration(clientDataJSON: created.clientDataJSON, attestationObject: attestation, challenge: challenge)
        }
        let signed = try authenticator.assert(challenge: challenge)
        var accepted = 0
        for (index, data) in fuzz.mutations(of: signed.authenticatorData, 1_000).enumerated() {
            let signature = fuzz.mutations(of: signed.signature, 1)[0]
            let clientData = index % 2 == 0 ? signed.clientDataJSON : fuzz.mutations(of: signed.clientDataJSON, 1)[0]
            if (try? verifier.verifyAssertion(
                clientDataJSON: clientData, authenticatorData: data, signature: signature,
                challenge: challenge, key: key, storedSignCount: 0)) != nil
            {
                accepted += 1
            }
        }
        // A changed byte anywhere the signature covers makes it invalid; only untouched inputs could pass.
        #expect(accepted <= 20)
        for text in fuzz.strings(2_000) { _ = Base64URL.decode(text) }
    }
}
