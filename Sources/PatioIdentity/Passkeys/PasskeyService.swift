import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData

/// Passkeys: registration for a signed-in account, discoverable sign-in (no email asked), and the
/// account's list of passkeys. Challenges are stored, answerable once, and expire.
public struct PasskeyService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let settings: IdentitySettings
    let sessions: SessionService
    let accounts: AccountService
    /// Signs sign-in challenges, so that asking for one (anyone may) writes nothing to the database.
    let signingKey: @Sendable () async throws -> SymmetricKey

    var verifier: WebAuthnVerifier {
        WebAuthnVerifier(
            origin: settings.passkeyOrigin, rpID: URL(string: settings.passkeyOrigin)?.host ?? "localhost",
            requireUserVerification: settings.passkeyRequiresUserVerification)
    }

    /// A registered passkey as its owner sees it.
    public struct View: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var algorithm: String
        public var backedUp: Bool
        public var createdAt: Date
        public var lastUsedAt: Date?
    }

    // MARK: Registration

    /// `PublicKeyCredentialCreationOptions` in their JSON form, for `navigator.credentials.create`.
    /// Needs a recent sign-in or re-authentication (`reauthentication_required` otherwise).
    public func registrationOptions(_ principal: Principal) async throws -> JSONValue {
        try sessions.requireRecentAuthentication(principal)
        let challenge = try await issueRegistrationChallenge(session: principal.sessionID)
        let existing = try await PasskeyModel.query(on: try database.reader).filter(\.$accountID == principal.accountID).all()
        let accountID = withUnsafeBytes(of: principal.accountID.uuid, Array.init)
        return .object([
            "challenge": .string(challenge),
            "rp": .object(["id": .string(verifier.rpID), "name": .string("Patio")]),
            "user": .object(["id": .string(Base64URL.encode(accountID)), "name": .string(principal.email), "displayName": .string(principal.name)]),
            "pubKeyCredParams": .array([
                .object(["type": .string("public-key"), "alg": .number(-7)]), .object(["type": .string("public-key"), "alg": .number(-257)]),
            ]),
            "timeout": .number(settings.passkeyChallengeLifetime * 1000),
            "attestation": .string("none"),
            "authenticatorSelection": .object([
                "residentKey": .string("required"), "requireResidentKey": .bool(true),
                "userVerification": .string(settings.passkeyRequiresUserVerification ? "required" : "preferred"),
            ]),
            "excludeCredentials": .array(existing.map { .object(["type": .string("public-key"), "id": .string($0.credentialID)]) }),
        ])
    }

    public struct RegistrationInput: Codable, Sendable {
        public var id: String?
        public var name: String?
        public var response: Response?

        public struct Response: Codable, Sendable {
            public var clientDataJSON: String?
            public var attestationObject: String?
            public var transports: [String]?
        }
    }

    public func register(_ principal: Principal, _ input: RegistrationInput) async throws -> View {
        try sessions.requireRecentAuthentication(principal)
        do {
            guard let clientData = input.response?.clientDataJSON.flatMap(Base64URL.decode),
                let attestation = input.response?.attestationObject.flatMap(Base64URL.decode)
            else { throw PasskeyError.malformed("registration response") }
            let name = (input.name?.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0.isEmpty ? nil : String($0.prefix(60)) } ?? "Passkey"
            let challenge = try WebAuthnVerifier.challenge(in: clientData)
            let credential = try verifier.verifyRegistration(clientDataJSON: clientData, attestationObject: attestation, challenge: challenge)
            let now = clock.now()
            let model = PasskeyModel()
            model.id = UUID()
            model.credentialID = Base64URL.encode(credential.id)
            model.accountID = principal.accountID
            model.publicKey = Base64URL.encode(credential.key.encoded)
            model.algorithm = credential.key.algorithm.rawValue
            model.signCount = Int(credential.signCount)
            model.transports = (input.response?.transports ?? []).prefix(8).joined(separator: ",")
            model.backupEligible = credential.backupEligible
            model.backedUp = credential.backedUp
            model.name = name
            model.createdAt = now
            try await database.write { db in
                try await consumeRegistrationChallenge(challenge, session: principal.sessionID, on: db)
                guard try await PasskeyModel.query(on: db).filter(\.$credentialID == model.credentialID).first() == nil else {
                    throw PasskeyError(code: "passkey_already_registered", "This passkey is already registered.")
                }
                try await model.create(on: db)
            }
            return Self.view(model)
        } catch let error as PasskeyError {
            throw error.appError
        }
    }

    // MARK: Sign-in

    /// `PublicKeyCredentialRequestOptions` for a discoverable sign-in: the browser offers the passkeys it holds.
    public func loginOptions() async throws -> JSONValue {
        let challenge = Base64URL.encode(try await signedChallenge(expiring: clock.now().addingTimeInterval(settings.passkeyChallengeLifetime)))
        return .object([
            "challenge": .string(challenge), "rpId": .string(verifier.rpID), "timeout": .number(settings.passkeyChallengeLifetime * 1000),
            "userVerification": .string(settings.passkeyRequiresUserVerification ? "required" : "preferred"), "allowCredentials": .array([]),
        ])
    }

    public struct AssertionInput: Codable, Sendable {
        public var id: String?
        public var response: Response?

        public struct Response: Codable, Sendable {
            public var clientDataJSON: String?
            public var authenticatorData: String?
            public var signature: String?
            public var userHandle: String?
        }
    }

    /// Verifies the assertion and opens a session, like a password sign-in.
    public func login(_ input: AssertionInput) async throws -> LoginResult {
        let accountID = try await verifyAssertion(input)
        let session = try await sessions.issue(for: accountID)
        return LoginResult(session: session, account: try await accounts.find(id: accountID))
    }

    /// Re-authenticates `principal`'s session with one of the account's own passkeys.
    public func reauthenticate(_ principal: Principal, _ input: AssertionInput) async throws {
        guard try await verifyAssertion(input) == principal.accountID else {
            throw AppError(.unauthorized, code: "passkey_other_account", detail: "This passkey belongs to another account.")
        }
        try await sessions.markAuthenticated(sessionID: principal.sessionID)
    }

    /// Checks a signed challenge's assertion against the stored key and sign counter; the account it proves.
    private func verifyAssertion(_ input: AssertionInput) async throws -> UUID {
        do {
            guard let credentialID = input.id, let clientData = input.response?.clientDataJSON.flatMap(Base64URL.decode),
                let authenticatorData = input.response?.authenticatorData.flatMap(Base64URL.decode),
                let signature = input.response?.signature.flatMap(Base64URL.decode)
            else { throw PasskeyError.malformed("sign-in response") }
            let challenge = try WebAuthnVerifier.challenge(in: clientData)
            let verifier = self.verifier
            let expiry = try checkSigned(challenge, key: try await signingKey())
            return try await database.write { db in
                try await recordUsed(challenge, expiry: expiry, on: db)
                guard let passkey = try await PasskeyModel.query(on: db).filter(\.$credentialID == credentialID).first() else {
                    throw PasskeyError(code: "passkey_unknown_credential", "This passkey is not registered with Patio.")
                }
                guard let account = try await AccountModel.find(passkey.accountID, on: db), account.isActive else {
                    throw PasskeyError(code: "passkey_account_inactive", "This account is deactivated.")
                }
                guard let keyBytes = Base64URL.decode(passkey.publicKey) else { throw PasskeyError.malformed("stored key") }
                let count = try verifier.verifyAssertion(
                    clientDataJSON: clientData, authenticatorData: authenticatorData, signature: signature,
                    challenge: challenge, key: try COSEKey(encoded: keyBytes), storedSignCount: UInt32(passkey.signCount))
                passkey.signCount = Int(count)
                passkey.lastUsedAt = clock.now()
                try await passkey.save(on: db)
                return passkey.accountID
            }
        } catch let error as PasskeyError {
            throw error.appError
        }
    }

    // MARK: Management

    public func list(_ principal: Principal) async throws -> [View] {
        try await PasskeyModel.query(on: try database.reader).filter(\.$accountID == principal.accountID).sort(\.$createdAt).all().map(Self.view)
    }

    public func rename(_ principal: Principal, id: UUID, to name: String?) async throws -> View {
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard (1...60).contains(trimmed.count) else {
            throw AppError.validation(field: "name", "Name the passkey in 1 to 60 characters.", code: "passkey_name_length")
        }
        return try await database.write { db in
            guard let model = try await PasskeyModel.find(id, on: db), model.accountID == principal.accountID else { throw Self.notFound }
            model.name = trimmed
            try await model.save(on: db)
            return Self.view(model)
        }
    }

    public func remove(_ principal: Principal, id: UUID) async throws {
        try await database.write { db in
            guard let model = try await PasskeyModel.find(id, on: db), model.accountID == principal.accountID else { throw Self.notFound }
            try await model.delete(on: db)
        }
    }

    static let notFound = AppError.notFound(code: "passkey_not_found", "You have no passkey with this id.")

    // MARK: Challenges

    /// A registration challenge, stored and bound to the session that asked for it.
    private func issueRegistrationChallenge(session: UUID) async throws -> String {
        let model = PasskeyChallengeModel()
        model.id = UUID()
        model.challenge = SecureToken.generate()
        model.purpose = "register"
        model.sessionID = session
        model.expiresAt = clock.now().addingTimeInterval(settings.passkeyChallengeLifetime)
        try await database.write { db in
            try await pruneOldChallenges(on: db)
            try await model.create(on: db)
        }
        return model.challenge
    }

    /// Marks the registration challenge used by this attempt, or says why it cannot be: unknown, another
    /// session's, expired, or already answered (a replay).
    private func consumeRegistrationChallenge(_ challenge: [UInt8], session: UUID, on db: any Database) async throws {
        let text = Base64URL.encode(challenge)
        guard let model = try await PasskeyChallengeModel.query(on: db).filter(\.$challenge == text).first(),
            model.purpose == "register", model.sessionID == session
        else {
            throw PasskeyError(code: "passkey_challenge_unknown", "This passkey answered a challenge Patio did not ask for here.")
        }
        guard model.expiresAt > clock.now() else {
            throw PasskeyError(code: "passkey_challenge_expired", "The passkey prompt timed out. Try again.")
        }
        let attempt = UUID()
        try await PasskeyChallengeModel.query(on: db).filter(\.$id == model.id!).filter(\.$usedBy == nil).set(\.$usedBy, to: attempt).update()
        guard try await PasskeyChallengeModel.find(model.id!, on: db)?.usedBy == attempt else {
            throw PasskeyError(code: "passkey_challenge_used", "This passkey answer was already used. Try again.")
        }
    }

    /// Challenges (issued for registration, or answered for sign-in) are kept an hour past their expiry, so
    /// a late answer still hears "expired", then dropped.
    private func pruneOldChallenges(on db: any Database) async throws {
        try await PasskeyChallengeModel.query(on: db).filter(\.$expiresAt < clock.now().addingTimeInterval(-3600)).delete()
    }

    /// A sign-in challenge that carries its own proof: when it expires (8 bytes) and 16 random bytes, signed
    /// (`SignedBytes`). Nothing is stored until someone answers it.
    private func signedChallenge(expiring: Date) async throws -> [UInt8] {
        let expiry = withUnsafeBytes(of: UInt64(expiring.timeIntervalSince1970).bigEndian, Array.init)
        let nonce = (0..<16).map { _ in UInt8.random(in: 0...255) }
        return SignedBytes.sign(expiry + nonce, key: try await signingKey())
    }

    /// Checks a sign-in challenge's proof and expiry; returns when it expires.
    private func checkSigned(_ challenge: [UInt8], key: SymmetricKey) throws -> Date {
        guard let body = SignedBytes.verify(challenge, bodyLength: 24, key: key) else {
            throw PasskeyError(code: "passkey_challenge_unknown", "This passkey answered a challenge Patio did not ask for here.")
        }
        let expiry = Date(timeIntervalSince1970: TimeInterval(body[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
        guard expiry > clock.now() else {
            throw PasskeyError(code: "passkey_challenge_expired", "The passkey prompt timed out. Try again.")
        }
        return expiry
    }

    /// Records a sign-in challenge as answered; a second answer is a replay.
    private func recordUsed(_ challenge: [UInt8], expiry: Date, on db: any Database) async throws {
        try await pruneOldChallenges(on: db)
        let text = Base64URL.encode(challenge)
        guard try await PasskeyChallengeModel.query(on: db).filter(\.$challenge == text).first() == nil else {
            throw PasskeyError(code: "passkey_challenge_used", "This passkey answer was already used. Try again.")
        }
        let used = PasskeyChallengeModel()
        used.id = UUID()
        used.challenge = text
        used.purpose = "login"
        used.expiresAt = expiry
        used.usedBy = used.id
        do {
            try await used.create(on: db)
        } catch {
            // Two answers raced: the unique challenge let one in.
            throw PasskeyError(code: "passkey_challenge_used", "This passkey answer was already used. Try again.")
        }
    }

    static func view(_ model: PasskeyModel) -> View {
        View(
            id: model.id!, name: model.name, algorithm: model.algorithm == COSEKey.Algorithm.es256.rawValue ? "ES256" : "RS256",
            backedUp: model.backedUp, createdAt: model.createdAt, lastUsedAt: model.lastUsedAt)
    }
}
