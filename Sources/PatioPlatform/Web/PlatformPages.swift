import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// The home page (apps the account has roles in), the admin console and the client-apps admin pages. Forms
/// post to their page's own address and deleting a config key asks first (docs/web-pages.md).
public enum PlatformPages {
    public static func register(on routes: PatioRoutes, registry: ModuleRegistry, apps: ClientAppService, web: WebRenderer) {
        routes.get("/", .signedIn) { _, context in
            let principal = try context.requirePrincipal()
            var tiles: [[String: Any]] = registry.modules.compactMap { module in
                let held = module.roles.filter { principal.has(role: $0.id) }
                guard !held.isEmpty else { return nil }
                return [
                    "name": module.displayName(context.locale), "href": "/\(module.id)", "accent": module.accentColour,
                    "roles": held.map { $0.name(context.locale) }.joined(separator: ", "),
                ]
            }
            if principal.has(role: Role.platformAdmin) {
                tiles.append([
                    "name": Strings.text("admin_console", context.locale), "href": "/admin", "accent": "#334e68",
                    "roles": web.roleNames.name(Role.platformAdmin, locale: context.locale),
                ])
            }
            // Someone with one app has nothing to choose: they land in it (its own home is one tap from every page).
            if tiles.count == 1, let only = tiles.first?["href"] as? String { return redirect(to: only) }
            return web.page(
                "home", title: Strings.text("home_title", context.locale), data: ["apps": tiles, "hasApps": !tiles.isEmpty], context: context)
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
            let input = ClientAppService.AppInput(
                slug: form.text("slug"), name: form.text("name"), latestVersion: form.text("latestVersion"),
                minimumVersion: form.text("minimumVersion"))
            do {
                let app = try await apps.create(input)
                return redirect(to: "/admin/apps/\(app.slug)", notice: String(format: Strings.text("app_created", context.locale), app.name))
            } catch let error as AppError where error.status.code < 500 {
                return try await appsPage(context, errors: Self.rows(error, field: "slug"), typed: form.values, status: error.status)
            }
        }
        routes.get("/admin/apps/{app}", admin) { _, context in
            try await appPage(context, errors: [])
        }
        // Both forms of an app's page post here, its own address: the app's versions, or a config entry
        // (`form=config`). Done, the page says so; refused, it is shown again here with what was typed.
        routes.post("/admin/apps/{app}", admin) { request, context in
            let form = try await FormBody.parse(request)
            let slug = try context.stringParameter("app")
            do {
                if form["form"] == Self.configForm {
                    let kind = try ConfigKind(rawValue: form["kind"] ?? "") ?? { throw AppError.validation(field: "kind", "Choose a type.") }()
                    _ = try await apps.setEntry(
                        app: slug, key: form.text("key") ?? "", .init(kind: kind, value: try Self.parseValue(form["value"] ?? "", kind: kind)))
                } else {
                    let input = ClientAppService.AppInput(
                        name: form["name"] ?? "", latestVersion: form["latestVersion"] ?? "", minimumVersion: form["minimumVersion"] ?? "",
                        storeUrl: form["storeUrl"] ?? "")
                    _ = try await apps.update(slug, input)
                }
                return redirect(to: "/admin/apps/\(slug)", notice: Strings.text("saved", context.locale))
            } catch let error as AppError where error.status != .notFound && error.status.code < 500 {
                return try await appPage(context, errors: Self.rows(error, field: ""), typed: form, status: error.status)
            }
        }
        // Deleting a key cannot be undone: it asks first, naming the key, its value and the app that stops receiving it.
        routes.post("/admin/apps/{app}/config/delete", admin) { request, context in
            let form = try await FormBody.parse(request)
            let slug = try context.stringParameter("app")
            let app = try await apps.find(slug)
            let page = "/admin/apps/\(slug)"
            let key = form["key"] ?? ""
            guard let entry = app.entries?.first(where: { $0.key == key }) else { return redirect(to: page) }
            let words = Strings.table(context.locale)
            if let ask = ModulePages(web: web, strings: [:], accent: "#334e68").confirmation(
                form, request, context, question: String(format: words["config_delete_question"] ?? "", key, app.name),
                consequences: [String(format: words["config_delete_line"] ?? "", app.name, key, Self.written(entry.value))],
                action: words["config_delete_yes"] ?? "", back: page)
            {
                return ask
            }
            do {
                try await apps.deleteEntry(app: slug, key: key)
                return redirect(to: page, notice: String(format: words["config_deleted"] ?? "", key))
            } catch let error as AppError where error.status.code < 500 {
                return redirect(to: page, alert: error.detail)
            }
        }

        @Sendable func appsPage(
            _ context: PatioRequestContext, errors: [FieldError], typed: [String: String] = [:], status: HTTPResponse.Status = .ok
        ) async throws -> Response {
            let rows: [[String: String]] = try await apps.list().map {
                ["slug": $0.slug, "name": $0.name, "latestVersion": $0.latestVersion, "minimumVersion": $0.minimumVersion]
            }
            let values = typed.isEmpty ? ["latestVersion": "1.0.0", "minimumVersion": "1.0.0"] : typed
            return web.page(
                "admin_apps", title: Strings.text("apps", context.locale),
                data: ["apps": rows, "values": values, "errors": FieldMessages.rows(errors, locale: context.locale)],
                context: context, status: status)
        }

        /// An app's page; a refused form (`typed`) is shown again with what was typed in it.
        @Sendable func appPage(_ context: PatioRequestContext, errors: [FieldError], typed: FormBody? = nil, status: HTTPResponse.Status = .ok)
            async throws -> Response
        {
            let app = try await apps.find(try context.stringParameter("app"))
            let entries: [[String: String]] = (app.entries ?? []).map { ["key": $0.key, "kind": $0.kind.rawValue, "value": Self.written($0.value)] }
            let config = typed?["form"] == Self.configForm ? typed?.values ?? [:] : [:]
            let details =
                typed.flatMap { $0["form"] == Self.configForm ? nil : $0.values }
                ?? ["name": app.name, "latestVersion": app.latestVersion, "minimumVersion": app.minimumVersion, "storeUrl": app.storeUrl ?? ""]
            let data: [String: Any] = [
                "app": ["slug": app.slug, "name": app.name], "details": details, "config": config,
                "kinds": ConfigKind.allCases.map { ["kind": $0.rawValue, "selected": $0.rawValue == config["kind"]] as [String: Any] },
                "entries": entries, "hasEntries": !entries.isEmpty, "errors": FieldMessages.rows(errors, locale: context.locale),
            ]
            return web.page("admin_app", title: app.name, data: data, context: context, status: status)
        }
    }

    static let configForm = "config"

    /// A refusal's field errors, or its detail under `field` when it names none.
    static func rows(_ error: AppError, field: String) -> [FieldError] {
        error.fieldErrors.isEmpty ? [FieldError(field: field, message: error.detail)] : error.fieldErrors
    }

    /// A config value as JSON, the way the apps receive it.
    static func written(_ value: JSONValue) -> String {
        (try? String(decoding: PatioJSON.encoder().encode(value), as: UTF8.self)) ?? ""
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
