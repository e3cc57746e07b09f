import Crypto
import Foundation

/// The relying party's checks of WebAuthn ceremonies (Level 2, §7.1 and §7.2), as pure functions of what
/// the browser sent and what Patio expects, so every step can be tested with keys made in the test.
struct WebAuthnVerifier: Sendable {
    /// The page origin ceremonies must come from (`https://patio.example`, `http://localhost:8080`).
    let origin: String
    /// The relying party id: the origin's host.
    let rpID: String
    /// Whether the authenticator must have verified the person (biometrics or PIN), not only their presence.
    let requireUserVerification: Bool

    struct NewCredential: Sendable {
        let id: [UInt8]
        let key: COSEKey
        let signCount: UInt32
        let backupEligible: Bool
        let backedUp: Bool
    }

    /// Registration: the client data answers our challenge from our origin, the authenticator speaks for our
    /// RP id with the person present (and verified when required), and attests a credential with `none`.
    func verifyRegistration(clientDataJSON: [UInt8], attestationObject: [UInt8], challenge: [UInt8]) throws -> NewCredential {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge)
        let attestation = try CBOR.decodeAll(attestationObject)
        guard attestation["fmt"]?.textValue == "none" else {
            throw PasskeyError(code: "passkey_attestation_unsupported", "Patio asks for no attestation (fmt none).")
        }
        guard let authDataBytes = attestation["authData"]?.bytesValue else { throw PasskeyError.malformed("attestation object") }
        let authData = try AuthenticatorData(authDataBytes)
        try checkAuthenticator(authData)
        guard let credential = authData.credential else { throw PasskeyError.malformed("attested credential data") }
        return NewCredential(
            id: credential.id, key: credential.key, signCount: authData.signCount,
            backupEligible: authData.backupEligible, backedUp: authData.backedUp)
    }

    /// Sign-in: the same client-data and authenticator checks, a valid signature over authenticator data and
    /// the client data's hash by the stored key, and a counter that moved forward (or is 0 on both sides,
    /// as synced passkeys report). Returns the new counter.
    func verifyAssertion(
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], challenge: [UInt8],
        key: COSEKey, storedSignCount: UInt32
    ) throws -> UInt32 {
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge)
        let authData = try AuthenticatorData(authenticatorData)
        try checkAuthenticator(authData)
        let signed = authenticatorData + Array(SHA256.hash(data: clientDataJSON))
        guard key.isValidSignature(signature, for: signed) else {
            throw PasskeyError(code: "passkey_signature_invalid", "The passkey's signature does not verify.")
        }
        if authData.signCount != 0 || storedSignCount != 0, authData.signCount <= storedSignCount {
            throw PasskeyError(
                code: "passkey_counter_regressed",
                "This passkey's counter went backwards: it may have been cloned. Remove it and register it again.")
        }
        return authData.signCount
    }

    /// The challenge named in `clientDataJSON`, to find what was issued before checking anything else.
    static func challenge(in clientDataJSON: [UInt8]) throws -> [UInt8] {
        guard let clientData = try? JSONDecoder().decode(ClientData.self, from: Data(clientDataJSON)),
            let challenge = Base64URL.decode(clientData.challenge)
        else { throw PasskeyError.malformed("client data") }
        return challenge
    }

    private func checkClientData(_ json: [UInt8], type: String, challenge: [UInt8]) throws {
        guard let clientData = try? JSONDecoder().decode(ClientData.self, from: Data(json)) else { throw PasskeyError.malformed("client data") }
        guard clientData.type == type else {
            throw PasskeyError(code: "passkey_type_mismatch", "Expected a \(type) ceremony.")
        }
        guard let sent = Base64URL.decode(clientData.challenge), sent == challenge else {
            throw PasskeyError(code: "passkey_challenge_mismatch", "The passkey answered another challenge.")
        }
        guard clientData.origin == origin, clientData.crossOrigin != true else {
            throw PasskeyError(code: "passkey_origin_mismatch", "The passkey was used from \(clientData.origin), not \(origin).")
        }
    }

    private func checkAuthenticator(_ authData: AuthenticatorData) throws {
        guard authData.rpIDHash == Array(SHA256.hash(data: Array(rpID.utf8))) else {
            throw PasskeyError(code: "passkey_rp_mismatch", "The passkey belongs to another site.")
        }
        guard authData.userPresent else {
            throw PasskeyError(code: "passkey_user_not_present", "The authenticator did not check that someone was there.")
        }
        if requireUserVerification, !authData.userVerified {
            throw PasskeyError(code: "passkey_user_not_verified", "This passkey must be unlocked with Face ID, Touch ID, a fingerprint or a PIN.")
        }
    }
}
