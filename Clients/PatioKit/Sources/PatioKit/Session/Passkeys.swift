import Foundation
import PatioAPI

/// Patio's half of a passkey sign-in, in the shape Apple's AuthenticationServices asks for:
/// `ASAuthorizationPlatformPublicKeyCredentialProvider(relyingPartyIdentifier: relyingPartyID)
///     .createCredentialAssertionRequest(challenge: challenge)`.
public struct PasskeySignInChallenge: Sendable, Equatable {
    public var relyingPartyID: String
    public var challenge: Data
    /// What Patio wants from the authenticator: `required` or `preferred`.
    public var userVerification: String
}

/// Patio's half of adding a passkey to the signed-in account:
/// `createCredentialRegistrationRequest(challenge: challenge, name: userName, userID: userID)`.
public struct PasskeyRegistrationChallenge: Sendable, Equatable {
    public var relyingPartyID: String
    public var challenge: Data
    public var userID: Data
    public var userName: String
    /// Credentials the account already has, for `excludedCredentials`.
    public var excludedCredentialIDs: [Data]
}

/// base64url without padding, as WebAuthn writes binary fields.
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

extension Patio {
    /// Step 1 of signing in with a passkey: the challenge to hand to the platform authenticator.
    public func passkeySignInChallenge() async throws -> PasskeySignInChallenge {
        let options = try SyncEngine.object(try await call { try await api.passkeyLoginOptions().ok.body.json })
        guard let rp = options["rpId"]?.string, let challenge = options["challenge"]?.string.flatMap(Base64URL.decode) else {
            throw PatioError.undecodable("passkey sign-in options without rpId or challenge")
        }
        return PasskeySignInChallenge(relyingPartyID: rp, challenge: challenge, userVerification: options["userVerification"]?.string ?? "preferred")
    }

    /// Step 2: what the authenticator answered (`ASAuthorizationPlatformPublicKeyCredentialAssertion`'s
    /// fields). Patio checks the signature; on success the session begins as with a password.
    @discardableResult
    public func signInWithPasskey(
        credentialID: Data, clientDataJSON: Data, authenticatorData: Data, signature: Data,
        userID: Data?
    ) async throws -> Account {
        let body = Operations.PasskeyLogin.Input.Body.JsonPayload(
            id: Base64URL.encode(credentialID),
            response: .init(
                clientDataJSON: Base64URL.encode(clientDataJSON), authenticatorData: Base64URL.encode(authenticatorData),
                signature: Base64URL.encode(signature), userHandle: userID.map(Base64URL.encode)))
        let reply = try await call { try await api.passkeyLogin(body: .json(body)).ok.body.json }
        try await session.begin(token: reply.token)
        return reply.account
    }

    /// Adding a passkey, step 1 (needs a recent sign-in: `reauthentication_required` otherwise).
    public func passkeyRegistrationChallenge() async throws -> PasskeyRegistrationChallenge {
        let options = try SyncEngine.object(try await call { try await api.passkeyRegistrationOptions().ok.body.json })
        guard case .object(let rp)? = options["rp"], let rpID = rp["id"]?.string,
            case .object(let user)? = options["user"], let userID = user["id"]?.string.flatMap(Base64URL.decode),
            let challenge = options["challenge"]?.string.flatMap(Base64URL.decode)
        else {
            throw PatioError.undecodable("passkey registration options without rp, user or challenge")
        }
        var excluded: [Data] = []
        if case .array(let list)? = options["excludeCredentials"] {
            for case .object(let credential) in list { if let id = credential["id"]?.string.flatMap(Base64URL.decode) { excluded.append(id) } }
        }
        return PasskeyRegistrationChallenge(
            relyingPartyID: rpID, challenge: challenge, userID: userID,
            userName: user["name"]?.string ?? "", excludedCredentialIDs: excluded)
    }

    /// Adding a passkey, step 2: the authenticator's registration (`ASAuthorizationPlatformPublicKeyCredentialRegistration`).
    public func registerPasskey(credentialID: Data, clientDataJSON: Data, attestationObject: Data, name: String? = nil) async throws
        -> Components.Schemas.Passkey
    {
        let body = Operations.PasskeyRegister.Input.Body.JsonPayload(
            id: Base64URL.encode(credentialID), name: name,
            response: .init(clientDataJSON: Base64URL.encode(clientDataJSON), attestationObject: Base64URL.encode(attestationObject)))
        return try await call { try await api.passkeyRegister(body: .json(body)).created.body.json }
    }
}
