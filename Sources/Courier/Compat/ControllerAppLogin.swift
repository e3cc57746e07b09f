import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import PatioCore
import PatioIdentity

/// `AuthenticaUsuarioApp`: the agent signs in with their `usuario` and Patio password, sent as the app sends
/// them — seven headers and a JSON body whose `Usuario` and `Password` are base64 — and gets the fifteen-key
/// identity whose `TokenJWT` is a real Patio session token.
///
/// The password is checked by the platform's sign-in (the agent account's email, looked up in the account
/// directory), so throttling (429 with `Retry-After`) and the decoy hash apply as on `/api/v1/auth/login`.
/// An unknown usuario, and headers `Usuario` / `Identificacion` that do not name the same agent as the body,
/// go through the same sign-in with an address no account can have: the same 401, the same time taken, the
/// same counters. A paused agent (or an account without the agent role) who gave the right password gets
/// 403 and no session.
enum ControllerAppLogin {
    /// What the app sent, decoded.
    struct Attempt: Sendable, Equatable {
        var usuario: String
        var password: String
        var headerUsuario: String
        var headerIdentificacion: String
    }

    /// The headers every app sends besides `Accept: text/json` and `Content-Type` (neither is required:
    /// the answer is JSON either way).
    static let requiredHeaders = ["Usuario", "Identificacion", "IdUsuario", "IdCentroServicio", "NombreCentroServicio", "IdAplicativoOrigen"]

    static let invalidCredentials = AppError(.unauthorized, code: "invalid_credentials", detail: "The usuario or the password is not correct.")

    /// Reads the headers and body; 400 naming what is missing or malformed.
    static func read(_ request: Request) async throws -> Attempt {
        var headers: [String: String] = [:]
        var missing: [FieldError] = []
        for name in requiredHeaders {
            let value = HTTPField.Name(name).flatMap { request.headers[$0] }?.trimmingCharacters(in: .whitespaces) ?? ""
            if value.isEmpty { missing.append(FieldError(field: name, message: "Send the \(name) header.", code: "header_required")) }
            headers[name] = value
        }
        guard missing.isEmpty else {
            throw AppError(
                .badRequest, code: "login_headers_missing", detail: "The sign-in needs the headers \(requiredHeaders.joined(separator: ", ")).",
                fieldErrors: missing)
        }
        let buffer = try await JSONBody.collect(request)
        let (usuario, password) = try credentials(fromBody: Array(buffer.readableBytesView))
        return Attempt(
            usuario: usuario, password: password, headerUsuario: headers["Usuario"] ?? "", headerIdentificacion: headers["Identificacion"] ?? "")
    }

    /// The body's `Usuario` and `Password`, decoded from base64; 400 naming each key that is missing, not
    /// base64 of UTF-8 text, or empty. Any bytes at all may arrive here: it answers or throws, never traps.
    static func credentials(fromBody bytes: [UInt8]) throws -> (usuario: String, password: String) {
        guard case .object(let body)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            throw AppError.badRequest(code: "malformed_json", "The body is not a JSON object.")
        }
        var problems: [FieldError] = []
        func text(_ key: String) -> String? {
            // Like the original .NET binder, keys match ignoring case; two spellings of one key are ambiguous.
            let matches = body.filter { $0.key.caseInsensitiveCompare(key) == .orderedSame }.map(\.value)
            guard matches.count == 1, case .string(let encoded) = matches[0] else {
                problems.append(FieldError(field: key, message: "Send \(key) as a base64 string.", code: "base64_required"))
                return nil
            }
            guard let decoded = ControllerAppBase64.decode(encoded) else {
                problems.append(FieldError(field: key, message: "\(key) is not base64 of UTF-8 text.", code: "base64_invalid"))
                return nil
            }
            guard !decoded.isEmpty else {
                problems.append(FieldError(field: key, message: "\(key) is empty.", code: "base64_empty"))
                return nil
            }
            return decoded
        }
        let usuario = text("Usuario"), password = text("Password")
        guard let usuario, let password, problems.isEmpty else {
            throw AppError(
                .badRequest, code: "login_body_invalid", detail: "Send Usuario and Password as base64 of the usuario and the password.",
                fieldErrors: problems)
        }
        return (usuario, password)
    }

    static func signIn(_ attempt: Attempt, ip: String, services s: CourierServices) async throws -> ControllerAppIdentity {
        let usuario = AgentService.normaliseUsuario(attempt.usuario)
        let agent = try await s.agents.model(usuario: usuario)
        var email: String?
        if let agent { email = try await s.identity.directory.entries([agent.accountID])[agent.accountID]?.email }
        let sameAgent =
            AgentService.normaliseUsuario(attempt.headerUsuario) == usuario
            && attempt.headerIdentificacion.trimmingCharacters(in: .whitespaces) == agent?.identificacion
        guard let agent, let email, sameAgent else {
            let result = try await platformSignIn(email: decoyAddress(usuario), attempt.password, ip: ip, s)
            // Unreachable (no account has an address without "@"), but never answer a decoy with a session.
            try await s.identity.sessions.revoke(sessionID: result.session.sessionID)
            throw invalidCredentials
        }
        let result = try await platformSignIn(email: email, attempt.password, ip: ip, s)
        guard agent.isActive, result.account.roles.contains(CourierRoles.agent) else {
            try await s.identity.sessions.revoke(sessionID: result.session.sessionID)
            throw agent.isActive ? AgentService.notAnAgent : AgentService.inactive
        }
        let locality = try await s.localities.model(code: agent.homeLocalityCode)
        return ControllerAppIdentity(agent: agent, localityName: locality?.name ?? "", token: result.session.token)
    }

    /// The platform's sign-in, its wrong-credentials answer worded for a usuario instead of an email.
    private static func platformSignIn(email: String, _ password: String, ip: String, _ s: CourierServices) async throws -> LoginResult {
        do {
            return try await s.identity.login.login(email: email, password: password, ip: ip)
        } catch let error as AppError where error.code == LoginService.invalidCredentials.code {
            throw invalidCredentials
        }
    }

    /// A sign-in key for a usuario that names no agent: not an email address (account addresses have an
    /// `@`), so it matches no account, and the throttle counts its failures per usuario.
    static func decoyAddress(_ usuario: String) -> String {
        "controller-app:" + Hex.encode(SHA256.hash(data: Data(usuario.utf8)).prefix(16))
    }
}
