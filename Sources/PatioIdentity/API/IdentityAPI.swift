import Foundation
import Hummingbird
import PatioCore

/// `/api/v1/auth/*`, `/api/v1/me*` and `/api/v1/admin/accounts*`: every identity route, in one place.
public enum IdentityAPI {
    public static func register(on routes: PatioRoutes, services: IdentityServices) {
        let handlers = IdentityHandlers(services: services)
        routes.post("/api/v1/auth/login", .everyone, handlers.login)
        routes.post("/api/v1/auth/logout", .signedIn, handlers.logout)
        routes.get("/api/v1/me", .signedIn, handlers.me)
        routes.patch("/api/v1/me", .signedIn, handlers.updateMe)
        routes.post("/api/v1/me/password", .signedIn, handlers.changePassword)
        routes.post("/api/v1/auth/reauthenticate", .signedIn, handlers.reauthenticate)

        let passkeys = services.passkeys
        routes.post("/api/v1/auth/passkeys/register/options", .signedIn) { _, context in
            try .json(try await passkeys.registrationOptions(try context.requirePrincipal()))
        }
        routes.post("/api/v1/auth/passkeys/register/verify", .signedIn) { request, context in
            let input = try await JSONBody.decode(PasskeyService.RegistrationInput.self, from: request)
            return try .json(try await passkeys.register(try context.requirePrincipal(), input), status: .created)
        }
        routes.post("/api/v1/auth/passkeys/login/options", .everyone) { _, _ in
            try .json(try await passkeys.loginOptions())
        }
        routes.post("/api/v1/auth/passkeys/login/verify", .everyone) { request, _ in
            let result = try await passkeys.login(try await JSONBody.decode(PasskeyService.AssertionInput.self, from: request))
            return try .json(LoginResponse(token: result.session.token, expiresAt: result.session.expiresAt, account: result.account))
        }
        routes.get("/api/v1/auth/passkeys", .signedIn) { _, context in
            try .json(Items(items: try await passkeys.list(try context.requirePrincipal())))
        }
        routes.patch("/api/v1/auth/passkeys/{id}", .signedIn) { request, context in
            struct Body: Decodable { var name: String? }
            let body = try await JSONBody.decode(Body.self, from: request)
            return try .json(try await passkeys.rename(try context.requirePrincipal(), id: try context.uuidParameter("id"), to: body.name))
        }
        routes.delete("/api/v1/auth/passkeys/{id}", .signedIn) { _, context in
            try await passkeys.remove(try context.requirePrincipal(), id: try context.uuidParameter("id"))
            return .noContent
        }

        let admin = Access.role(Role.platformAdmin)
        routes.get("/api/v1/admin/roles", admin, handlers.listRoles)
        routes.get("/api/v1/admin/accounts", admin, handlers.listAccounts)
        routes.post("/api/v1/admin/accounts", admin, handlers.createAccount)
        routes.get("/api/v1/admin/accounts/{id}", admin, handlers.account)
        routes.post("/api/v1/admin/accounts/{id}/deactivate", admin, handlers.deactivate)
        routes.post("/api/v1/admin/accounts/{id}/activate", admin, handlers.activate)
        routes.post("/api/v1/admin/accounts/{id}/password", admin, handlers.resetPassword)
        routes.put("/api/v1/admin/accounts/{id}/roles/{role}", admin, handlers.grantRole)
        routes.delete("/api/v1/admin/accounts/{id}/roles/{role}", admin, handlers.revokeRole)
    }
}

struct LoginRequest: Decodable { var email: String; var password: String }
struct LoginResponse: Encodable { var token: String; var expiresAt: Date; var account: AccountView }
struct UpdateMeRequest: Decodable { var name: String?; var locale: String? }
struct ChangePasswordRequest: Decodable { var currentPassword: String; var newPassword: String }
struct ResetPasswordRequest: Decodable { var newPassword: String }
struct ReauthenticateRequest: Decodable { var password: String?; var passkey: PasskeyService.AssertionInput? }
struct RolesResponse: Encodable { var roles: [String] }

/// Thin handlers: decode, call the service, encode.
struct IdentityHandlers: Sendable {
    let services: IdentityServices

    func login(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(LoginRequest.self, from: request)
        let ip = ClientAddress.of(request, context: context, proxyHops: services.settings.trustedProxyHops)
        let result = try await services.login.login(email: body.email, password: body.password, ip: ip)
        return try .json(LoginResponse(token: result.session.token, expiresAt: result.session.expiresAt, account: result.account))
    }

    /// Proves again who the session belongs to, with the password or one of the account's passkeys.
    func reauthenticate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(ReauthenticateRequest.self, from: request)
        let principal = try context.requirePrincipal()
        switch (body.password, body.passkey) {
        case (let password?, nil):
            let ip = ClientAddress.of(request, context: context, proxyHops: services.settings.trustedProxyHops)
            try await services.login.reauthenticate(principal, password: password, ip: ip)
        case (nil, let passkey?):
            try await services.passkeys.reauthenticate(principal, passkey)
        default:
            throw AppError.validation(field: "password", "Send either your password or a passkey assertion.", code: "password_required")
        }
        return .noContent
    }

    func logout(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await services.sessions.revoke(sessionID: try context.requirePrincipal().sessionID)
        return .noContent
    }

    func me(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        // Resolved with the session on this very request: nothing more to read.
        try .json(AccountView(try context.requirePrincipal()))
    }

    func updateMe(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(UpdateMeRequest.self, from: request)
        let account = try await services.accounts.update(id: try context.requirePrincipal().accountID, name: body.name, locale: body.locale)
        return try .json(account)
    }

    func changePassword(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(ChangePasswordRequest.self, from: request)
        let principal = try context.requirePrincipal()
        try await services.accounts.changeOwnPassword(
            id: principal.accountID, current: body.currentPassword, new: body.newPassword, session: principal.sessionID)
        return .noContent
    }

    func listRoles(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try .json(RolesResponse(roles: services.accounts.knownRoles.sorted()))
    }

    func listAccounts(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
        return try .json(try await services.accounts.list(query: query["q"].map(String.init), page: page))
    }

    func createAccount(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NewAccount.self, from: request)
        return try .json(try await services.accounts.create(body), status: .created)
    }

    func account(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try .json(try await services.accounts.find(id: try context.uuidParameter("id")))
    }

    func deactivate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let account = try await services.accounts.setActive(false, id: try context.uuidParameter("id"), actor: context.principal?.accountID)
        return try .json(account)
    }

    func activate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try .json(try await services.accounts.setActive(true, id: try context.uuidParameter("id"), actor: context.principal?.accountID))
    }

    func resetPassword(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(ResetPasswordRequest.self, from: request)
        try await services.accounts.setPassword(id: try context.uuidParameter("id"), newPassword: body.newPassword, keepSession: nil)
        return .noContent
    }

    func grantRole(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try .json(try await services.accounts.grant(role: try context.stringParameter("role"), to: try context.uuidParameter("id")))
    }

    func revokeRole(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let account = try await services.accounts.revoke(
            role: try context.stringParameter("role"), from: try context.uuidParameter("id"), actor: context.principal?.accountID)
        return try .json(account)
    }
}
