import Foundation
import HTTPTypes
import Hummingbird
import PatioCore
import PatioWeb

/// The identity web pages: sign-in, sign-out, language, my account, and the accounts admin. Forms post to
/// their page's own address; removing a passkey and deactivating an account ask first (docs/web-pages.md).
public enum IdentityPages {
    public static func register(on routes: PatioRoutes, services: IdentityServices, web: WebRenderer) {
        let pages = IdentityPageHandlers(services: services, web: web)
        routes.get("/login", .everyone, pages.loginForm)
        routes.post("/login", .everyone, pages.login)
        routes.post("/logout", .everyone, pages.logout)
        routes.post("/locale", .everyone, pages.switchLocale)
        routes.get("/account", .signedIn, pages.account)
        routes.post("/account", .signedIn, pages.saveAccount)
        routes.post("/account/passkeys/{id}/delete", .signedIn, pages.removePasskey)
        // The pages' passkey ceremonies: the session cookie and the CSRF token, answers in JSON for passkeys.js.
        routes.post("/passkeys/register/options", .signedIn, pages.passkeyRegistrationOptions)
        routes.post("/passkeys/register/verify", .signedIn, pages.passkeyRegister)
        routes.post("/passkeys/login/options", .everyone, pages.passkeyLoginOptions)
        routes.post("/passkeys/login/verify", .everyone, pages.passkeyLogin)

        let admin = Access.role(Role.platformAdmin)
        routes.get("/admin/accounts", admin, pages.accounts)
        routes.get("/admin/accounts/new", admin, pages.newAccountForm)
        routes.post("/admin/accounts/new", admin, pages.createAccount)
        routes.get("/admin/accounts/{id}", admin, pages.accountDetail)
        routes.post("/admin/accounts/{id}/deactivate", admin, pages.deactivate)
        routes.post("/admin/accounts/{id}/activate", admin, pages.activate)
        routes.post("/admin/accounts/{id}/password", admin, pages.resetPassword)
        routes.post("/admin/accounts/{id}/roles/grant", admin, pages.grant)
        routes.post("/admin/accounts/{id}/roles/revoke", admin, pages.revoke)
    }
}

struct IdentityPageHandlers: Sendable {
    let services: IdentityServices
    let web: WebRenderer

    /// The platform's words and the shared confirmation of irreversible actions.
    var pages: ModulePages { ModulePages(web: web, strings: [:], accent: "#0f766e") }

    /// Only same-site paths: never redirect a person to another host after sign-in.
    static func safeNext(_ next: String?) -> String { LocalRedirect.path(next) }

    func loginForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        if context.principal != nil { return redirect(to: "/") }
        let next = Self.safeNext(request.uri.queryParameters["next"].map(String.init))
        return web.page("login", title: Strings.text("login_title", context.locale), data: ["next": next], context: context)
    }

    func login(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let email = form.text("email") ?? ""
        let next = Self.safeNext(form["next"])
        let ip = ClientAddress.of(request, context: context, proxyHops: services.settings.trustedProxyHops)
        do {
            let result = try await services.login.login(email: email, password: form["password"] ?? "", ip: ip)
            var response = redirect(to: next)
            setSessionCookie(result.session.token, on: &response)
            return response
        } catch let error as AppError {
            let words = Strings.table(context.locale)
            let message =
                error.code == "validation_failed"
                ? error.fieldErrors.map { FieldMessages.message($0, strings: words) }.joined(separator: " ")
                : FieldMessages.detail(error, strings: words)
            var response = web.page(
                "login", title: Strings.text("login_title", context.locale), data: ["error": message, "email": email, "next": next], context: context,
                status: error.status)
            for (name, value) in error.headers { if let field = HTTPField.Name(name) { response.headers[field] = value } }
            return response
        }
    }

    func logout(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        if let principal = context.principal { try await services.sessions.revoke(sessionID: principal.sessionID) }
        var response = redirect(to: "/login")
        response.setCookie(
            Cookie(
                name: AuthenticationMiddleware.sessionCookie, value: "", maxAge: 0, path: "/", secure: services.settings.secureCookies,
                httpOnly: true, sameSite: .lax))
        return response
    }

    /// Switches the page language; remembered in a cookie and, when signed in, on the account.
    func switchLocale(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        guard let locale = form["locale"].flatMap(PatioLocale.init(rawValue:)) else {
            throw AppError.validation(field: "locale", "Use es or en.", code: "locale_choice")
        }
        if let principal = context.principal {
            _ = try await services.accounts.update(id: principal.accountID, name: nil, locale: locale.rawValue)
        }
        let back = request.headers[.referer].flatMap { URL(string: $0)?.path }.map { Self.safeNext($0) } ?? "/"
        var response = redirect(to: back)
        response.setCookie(
            Cookie(
                name: WebSessionMiddleware.localeCookie, value: locale.rawValue, maxAge: 365 * 24 * 3600, path: "/",
                secure: services.settings.secureCookies, httpOnly: true, sameSite: .lax))
        return response
    }

    func account(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        // passkeys.js comes back here with `?passkey=1` once the browser has made one.
        let notice = request.uri.queryParameters["passkey"] != nil ? Strings.text("passkey_added", context.locale) : nil
        return try await accountPage(context, notice: notice, error: nil)
    }

    private func setSessionCookie(_ token: String, on response: inout Response) {
        response.setCookie(
            Cookie(
                name: AuthenticationMiddleware.sessionCookie, value: token,
                maxAge: Int(services.settings.sessionLifetime), path: "/",
                secure: services.settings.secureCookies, httpOnly: true, sameSite: .lax
            ))
    }

    /// The account page. A refused form (`typed`) is shown again with what was typed in it, never a password.
    private func accountPage(
        _ context: PatioRequestContext, notice: String?, error: String?, status: HTTPResponse.Status = .ok, typed: FormBody? = nil
    ) async throws -> Response {
        let principal = try context.requirePrincipal()
        let profile = typed?["form"] == AccountForm.profile.rawValue ? typed : nil
        let renamed = typed?["form"] == AccountForm.passkey.rawValue ? typed : nil
        var data: [String: Any] = ["isES": (profile?["locale"] ?? context.locale.rawValue) == "es", "name": profile?["name"] ?? principal.name]
        data["passkeys"] = try await services.passkeys.list(principal).map { passkey in
            let typedName = renamed?["passkey"] == passkey.id.uuidString ? renamed?["name"] : nil
            return [
                "id": passkey.id.uuidString, "name": typedName ?? passkey.name, "algorithm": passkey.algorithm, "csrf": context.csrfToken,
                "lastUsed": passkey.lastUsedAt.map { PageFormat.date($0, in: .gmt, locale: context.locale) } as Any,
            ] as [String: Any]
        }
        if let notice { data["notice"] = notice }
        if let error { data["error"] = error }
        data["needsReauth"] = (try? services.sessions.requireRecentAuthentication(try context.requirePrincipal())) == nil
        return web.page("account", title: Strings.text("account", context.locale), data: data, context: context, status: status)
    }

    /// The forms of the account page, each naming itself in the `form` field it sends to `/account`.
    enum AccountForm: String { case profile, password, passkey }

    /// Every form on the account page posts here, its own address: the name and language (`profile`), the
    /// password, or a passkey's new name (`passkey`, naming it). Done, the page says so; refused, it is shown
    /// again here with the reason and what was typed, never a password.
    func saveAccount(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let principal = try context.requirePrincipal()
        do {
            switch AccountForm(rawValue: form["form"] ?? "") ?? .profile {
            case .password:
                try await services.accounts.changeOwnPassword(
                    id: principal.accountID, current: form["currentPassword"] ?? "", new: form["newPassword"] ?? "", session: principal.sessionID)
                return redirect(to: "/account", notice: Strings.text("password_changed", context.locale))
            case .passkey:
                guard let id = form.uuid("passkey") else { throw AppError.notFound(code: "passkey_not_found", "No passkey of yours has this id.") }
                _ = try await services.passkeys.rename(principal, id: id, to: form.text("name"))
                return redirect(to: "/account", notice: Strings.text("saved", context.locale))
            case .profile:
                guard let locale = form["locale"].flatMap(PatioLocale.init(rawValue:)) else {
                    throw AppError.validation(field: "locale", "Use es or en.", code: "locale_choice")
                }
                _ = try await services.accounts.update(id: principal.accountID, name: form["name"], locale: locale.rawValue)
                // Said in the language just chosen, which the next page is drawn in.
                var response = redirect(to: "/account", notice: Strings.text("saved", locale))
                response.setCookie(
                    Cookie(
                        name: WebSessionMiddleware.localeCookie, value: locale.rawValue, maxAge: 365 * 24 * 3600, path: "/",
                        secure: services.settings.secureCookies, httpOnly: true, sameSite: .lax))
                return response
            }
        } catch let error as AppError where error.status.code < 500 {
            var response = try await accountPage(context, notice: nil, error: Self.say(error, context), status: error.status, typed: form)
            for (name, value) in error.headers { if let field = HTTPField.Name(name) { response.headers[field] = value } }
            return response
        }
    }

    // MARK: Passkeys

    /// Removing a passkey cannot be undone: it asks first, naming it and saying that device then signs in
    /// with the password.
    func removePasskey(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let principal = try context.requirePrincipal()
        let id = try context.uuidParameter("id")
        let passkeys = try await services.passkeys.list(principal)
        guard let passkey = passkeys.first(where: { $0.id == id }) else { return redirect(to: "/account") }
        let left = passkeys.count - 1
        let words = Strings.table(context.locale)
        if let ask = pages.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: words["passkey_remove_question"] ?? "", passkey.name),
            consequences: [
                String(format: words["passkey_remove_line"] ?? "", passkey.name), String(format: words["passkey_remove_left"] ?? "", left),
            ],
            action: words["confirm_yes_remove"] ?? "", back: "/account")
        {
            return ask
        }
        try await services.passkeys.remove(principal, id: id)
        return redirect(to: "/account", notice: String(format: words["passkey_removed"] ?? "", passkey.name))
    }

    /// A session signed in a while ago confirms the password in the same request (the account page asks for it).
    func passkeyRegistrationOptions(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await answeringInJSON {
            var principal = try context.requirePrincipal()
            if let password = try await FormBody.parse(request)["reauthPassword"], !password.isEmpty {
                let ip = ClientAddress.of(request, context: context, proxyHops: services.settings.trustedProxyHops)
                principal.authenticatedAt = try await services.login.reauthenticate(principal, password: password, ip: ip)
            }
            return try .json(try await services.passkeys.registrationOptions(principal))
        }
    }

    func passkeyRegister(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await answeringInJSON {
            let form = try await FormBody.parse(request)
            let input = try JSONBody.decodeJSON(PasskeyService.RegistrationInput.self, from: Data((form["payload"] ?? "").utf8))
            return try .json(try await services.passkeys.register(try context.requirePrincipal(), input), status: .created)
        }
    }

    func passkeyLoginOptions(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try .json(try await services.passkeys.loginOptions())
    }

    func passkeyLogin(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await answeringInJSON {
            let form = try await FormBody.parse(request)
            let input = try JSONBody.decodeJSON(PasskeyService.AssertionInput.self, from: Data((form["payload"] ?? "").utf8))
            let result = try await services.passkeys.login(input)
            var response = try Response.json(["next": Self.safeNext(form["next"])])
            setSessionCookie(result.session.token, on: &response)
            return response
        }
    }

    // MARK: Accounts admin

    func accounts(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.pageQuery
        let q = query.text("q") ?? ""
        let page = try CursorPageRequest(limit: nil, cursor: query["cursor"])
        let result = try await services.accounts.list(query: q, page: page)
        let rows: [[String: Any]] = result.items.map {
            [
                "id": $0.id.uuidString, "name": $0.name, "email": $0.email, "isActive": $0.isActive,
                "roles": $0.roles.sorted().map { web.roleNames.fullName($0, locale: context.locale) }.joined(separator: ", "),
            ]
        }
        var data: [String: Any] = ["accounts": rows, "hasAccounts": !rows.isEmpty, "q": q, "qQuery": URLQuery.value(q)]
        if let next = result.nextCursor { data["next"] = next }
        return web.page("admin_accounts", title: Strings.text("accounts", context.locale), data: data, context: context)
    }

    func newAccountForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        newAccountPage(context, form: [:], roles: [], errors: [])
    }

    /// The new-account form; refused, it is shown again with the name, email and roles chosen (never the password).
    private func newAccountPage(
        _ context: PatioRequestContext, form: [String: String], roles chosen: Set<String>, errors: [FieldError], status: HTTPResponse.Status = .ok
    ) -> Response {
        let errorRows = FieldMessages.rows(errors, locale: context.locale)
        let roles = roleRows(services.accounts.knownRoles, context).map { row -> [String: Any] in
            var entry: [String: Any] = row
            entry["checked"] = row["id"].map(chosen.contains) ?? false
            return entry
        }
        return web.page(
            "admin_account_new", title: Strings.text("new_account", context.locale),
            data: ["roles": roles, "errors": errorRows, "form": form], context: context, status: status)
    }

    func createAccount(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let input = NewAccount(
            email: form["email"] ?? "", name: form["name"] ?? "", locale: nil, password: form["password"] ?? "", roles: form.all("roles"))
        do {
            let account = try await services.accounts.create(input)
            return redirect(
                to: "/admin/accounts/\(account.id.uuidString)", notice: String(format: Strings.text("account_created", context.locale), account.name))
        } catch let error as AppError {
            let errors = error.fieldErrors.isEmpty ? [FieldError(field: "email", message: Self.say(error, context))] : error.fieldErrors
            return newAccountPage(
                context, form: ["name": input.name, "email": input.email], roles: Set(input.roles ?? []), errors: errors, status: error.status)
        }
    }

    func accountDetail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let account = try await services.accounts.find(id: try context.uuidParameter("id"))
        let available = services.accounts.knownRoles.subtracting(account.roles).sorted()
        let data: [String: Any] = [
            "account": ["id": account.id.uuidString, "name": account.name, "email": account.email, "isActive": account.isActive],
            "granted": roleRows(account.roles, context),
            "available": roleRows(available, context),
            "hasAvailable": !available.isEmpty,
        ]
        return web.page("admin_account", title: account.name, data: data, context: context)
    }

    /// A refusal shown as one line in the page's language: its first field's message, or the whole refusal's.
    static func say(_ error: AppError, _ context: PatioRequestContext) -> String {
        let words = Strings.table(context.locale)
        return error.fieldErrors.first.map { FieldMessages.message($0, strings: words) } ?? FieldMessages.detail(error, strings: words)
    }

    /// Roles as the admin pages list them: the name people use, with the id the form sends.
    func roleRows(_ roles: some Sequence<String>, _ context: PatioRequestContext) -> [[String: String]] {
        roles.map { (id: $0, name: web.roleNames.fullName($0, locale: context.locale)) }.sorted { $0.name < $1.name }.map {
            ["id": $0.id, "name": $0.name]
        }
    }

    /// Runs an admin action, then goes back to the account's page saying it was saved, or why it was not:
    /// its forms are buttons, a choice of role and a new password, which is never kept, so nothing typed is
    /// lost by going back (docs/web-pages.md).
    private func act(_ context: PatioRequestContext, _ action: () async throws -> Void) async throws -> Response {
        let page = "/admin/accounts/\(try context.uuidParameter("id").uuidString)"
        do {
            try await action()
            return redirect(to: page, notice: Strings.text("saved", context.locale))
        } catch let error as AppError where error.status != .notFound && error.status.code < 500 {
            return redirect(to: page, alert: Self.say(error, context))
        }
    }

    /// Deactivating signs the person out everywhere at once, which cannot be undone: it asks first, naming
    /// them and how many sessions end.
    func deactivate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let account = try await services.accounts.find(id: id)
        let page = "/admin/accounts/\(id.uuidString)"
        guard account.isActive else { return redirect(to: page) }
        let words = Strings.table(context.locale)
        let sessions = try await services.sessions.openCount(accountID: id)
        if let ask = pages.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: words["deactivate_question"] ?? "", account.name),
            consequences: [
                String(format: words["deactivate_line"] ?? "", account.name, account.email),
                String(format: words["deactivate_sessions_line"] ?? "", sessions),
            ],
            action: words["deactivate_yes"] ?? "", back: page)
        {
            return ask
        }
        return try await act(context) { _ = try await services.accounts.setActive(false, id: id, actor: context.principal?.accountID) }
    }

    func activate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await act(context) {
            _ = try await services.accounts.setActive(true, id: try context.uuidParameter("id"), actor: context.principal?.accountID)
        }
    }

    func resetPassword(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        return try await act(context) {
            try await services.accounts.setPassword(id: try context.uuidParameter("id"), newPassword: form["newPassword"] ?? "", keepSession: nil)
        }
    }

    func grant(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        return try await act(context) { _ = try await services.accounts.grant(role: form["role"] ?? "", to: try context.uuidParameter("id")) }
    }

    func revoke(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        return try await act(context) {
            _ = try await services.accounts.revoke(
                role: form["role"] ?? "", from: try context.uuidParameter("id"), actor: context.principal?.accountID)
        }
    }
}
