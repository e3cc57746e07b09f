import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// The home page (apps the account has roles in), the admin console and the client-apps admin pages.
public enum PlatformPages {
    public static func register(on routes: PatioRoutes, registry: ModuleRegistry, apps: ClientAppService, web: WebRenderer) {
        routes.get("/", .signedIn) { _, context in
            let principal = try context.requirePrincipal()
            var tiles: [[String: Any]] = registry.modules.compactMap { module in
                let held = module.roles.filter { principal.has(role: $0) }
                guard !held.isEmpty else { return nil }
                return ["name": module.displayName(context.locale), "href": "/\(module.id)", "accent": module.accentColour, "roles": held.map { RoleNames.name($0, locale: context.locale) }.joined(separator: ", ")]
            }
            if principal.has(role: Role.platformAdmin) {
                tiles.append(["name": Strings.text("admin_console", context.locale), "href": "/admin", "accent": "#334e68", "roles": RoleNames.name(Role.platformAdmin, locale: context.locale)])
            }
            // Someone with one app has nothing to choose: they land in it (its own home is one tap from every page).
            if tiles.count == 1, let only = tiles.first?["href"] as? String { return redirect(to: only) }
            return web.page("home", title: Strings.text("home_title", context.locale), data: ["apps": tiles, "hasApps": !tiles.isEmpty], context: context)
        }

        let admin = Access.role(Role.platformAdmin)
        routes.get("/admin", admin) { _, context in
            web.page("admin_home", title: Strings.text("admin_console", context.locale), context: context)
        }
        routes.get("/admin/apps", admin) { _, context in
            try await appsPage(context, errors: [])
        }
        routes.post("/admin/apps", admin) { request, context in
            let form = try await FormBody.parse(request)
            let input = ClientAppService.AppInput(slug: form.text("slug"), name: form.text("name"), latestVersion: form.text("latestVersion"), minimumVersion: form.text("minimumVersion"))
            do {
                let app = try await apps.create(input)
                return redirect(to: "/admin/apps/\(app.slug)")
            } catch let error as AppError {
                return try await appsPage(context, errors: error.fieldErrors.isEmpty ? [FieldError(field: "slug", message: error.detail)] : error.fieldErrors, status: error.status)
            }
        }
        routes.get("/admin/apps/{app}", admin) { request, context in
            let saved = request.uri.queryParameters["notice"] != nil
            return try await appPage(context, notice: saved ? Strings.text("saved", context.locale) : nil, errors: [])
        }
        routes.post("/admin/apps/{app}", admin) { request, context in
            let form = try await FormBody.parse(request)
            let slug = try context.stringParameter("app")
            let input = ClientAppService.AppInput(name: form["name"] ?? "", latestVersion: form["latestVersion"] ?? "", minimumVersion: form["minimumVersion"] ?? "", storeUrl: form["storeUrl"] ?? "")
            return try await saving(context, slug) { _ = try await apps.update(slug, input) }
        }
        routes.post("/admin/apps/{app}/config", admin) { request, context in
            let form = try await FormBody.parse(request)
            let slug = try context.stringParameter("app")
            return try await saving(context, slug) {
                let kind = try ConfigKind(rawValue: form["kind"] ?? "") ?? { throw AppError.validation(field: "kind", "Choose a type.") }()
                _ = try await apps.setEntry(app: slug, key: form.text("key") ?? "", .init(kind: kind, value: try Self.parseValue(form["value"] ?? "", kind: kind)))
            }
        }
        routes.post("/admin/apps/{app}/config/delete", admin) { request, context in
            let form = try await FormBody.parse(request)
            let slug = try context.stringParameter("app")
            return try await saving(context, slug) { try await apps.deleteEntry(app: slug, key: form["key"] ?? "") }
        }

        @Sendable func saving(_ context: PatioRequestContext, _ slug: String, _ action: () async throws -> Void) async throws -> Response {
            do {
                try await action()
                return redirect(to: "/admin/apps/\(slug)?notice=saved")
            } catch let error as AppError where error.status != .notFound {
                return try await appPage(context, notice: nil, errors: error.fieldErrors.isEmpty ? [FieldError(field: "", message: error.detail)] : error.fieldErrors, status: error.status)
            }
        }

        @Sendable func appsPage(_ context: PatioRequestContext, errors: [FieldError], status: HTTPResponse.Status = .ok) async throws -> Response {
            let rows: [[String: String]] = try await apps.list().map { ["slug": $0.slug, "name": $0.name, "latestVersion": $0.latestVersion, "minimumVersion": $0.minimumVersion] }
            return web.page("admin_apps", title: Strings.text("apps", context.locale), data: ["apps": rows, "errors": FieldMessages.rows(errors, locale: context.locale)], context: context, status: status)
        }

        @Sendable func appPage(_ context: PatioRequestContext, notice: String?, errors: [FieldError], status: HTTPResponse.Status = .ok) async throws -> Response {
            let app = try await apps.find(try context.stringParameter("app"))
            let entries: [[String: String]] = (app.entries ?? []).map { entry in
                let value = (try? String(decoding: PatioJSON.encoder().encode(entry.value), as: UTF8.self)) ?? ""
                return ["key": entry.key, "kind": entry.kind.rawValue, "value": value]
            }
            var data: [String: Any] = [
                "app": ["slug": app.slug, "name": app.name, "latestVersion": app.latestVersion, "minimumVersion": app.minimumVersion, "storeUrl": app.storeUrl ?? ""],
                "entries": entries, "hasEntries": !entries.isEmpty, "errors": FieldMessages.rows(errors, locale: context.locale),
            ]
            if let notice { data["notice"] = notice }
            return web.page("admin_app", title: app.name, data: data, context: context, status: status)
        }
    }

    /// Reads a value typed into the config form according to its kind.
    static func parseValue(_ text: String, kind: ConfigKind) throws -> JSONValue {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch kind {
        case .string: return .string(text)
        case .bool, .flag:
            switch trimmed.lowercased() {
            case "true", "1", "yes", "on": return .bool(true)
            case "false", "0", "no", "off": return .bool(false)
            default: throw AppError.validation(field: "value", "Use true or false.")
            }
        case .number:
            // Double reads "nan", "inf" and "1e999" (infinity); JSON has no such numbers, so they are refused.
            guard let number = Double(trimmed), number.isFinite else { throw AppError.validation(field: "value", "Enter a number.") }
            return .number(number)
        case .json:
            guard let value = try? PatioJSON.decoder().decode(JSONValue.self, from: Data(trimmed.utf8)) else {
                throw AppError.validation(field: "value", "Enter valid JSON.")
            }
            return value
        }
    }
}
