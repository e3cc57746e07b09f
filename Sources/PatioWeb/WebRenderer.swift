import Foundation
import Hummingbird
import Mustache
import NIOCore
import PatioCore

/// Renders pages: a page template inside the shared layout, in the request's language.
public struct WebRenderer: Sendable {
    let library: MustacheLibrary
    /// Module words merged into the platform's `t` table.
    let extraStrings: [PatioLocale: [String: String]]
    /// What people call each role: the platform's and every enabled module's.
    public private(set) var roleNames: RoleNames

    /// The platform's words with the modules' merged in, per language: merged once here, since every page
    /// hands its whole table to its template.
    private let words: [PatioLocale: [String: String]]

    public init(library: MustacheLibrary, extraStrings: [PatioLocale: [String: String]] = [:], roleNames: RoleNames = .platform) {
        self.library = library
        self.extraStrings = extraStrings
        self.roleNames = roleNames
        var words: [PatioLocale: [String: String]] = [:]
        for locale in PatioLocale.allCases {
            words[locale] = Strings.table(locale).merging(extraStrings[locale] ?? [:]) { platform, _ in platform }
        }
        self.words = words
    }

    /// Every word a page may use in `locale`: the platform's and the modules'.
    public func strings(_ locale: PatioLocale) -> [String: String] {
        words[locale] ?? Strings.table(locale)
    }

    /// Loads the platform templates shipped with PatioWeb.
    public static func load() async throws -> WebRenderer {
        let path = Bundle.module.bundlePath + "/Resources/templates"
        guard FileManager.default.fileExists(atPath: path + "/layout.mustache") else {
            throw AppError(.internalServerError, code: "templates_missing", detail: "Web templates were not found in \(path).")
        }
        return WebRenderer(library: try await TemplateFolders.shared.folder(at: path).library)
    }

    /// Adds a module's templates (a folder of `*.mustache`), keeping the platform's.
    public func adding(directory: String, strings: [PatioLocale: [String: String]] = [:]) async throws -> WebRenderer {
        var merged = library
        let extra = try await TemplateFolders.shared.folder(at: directory)
        for name in extra.names {
            if let template = extra.library.getTemplate(named: name) { merged.register(template, named: name) }
        }
        let words = extraStrings.merging(strings) { existing, new in existing.merging(new) { old, _ in old } }
        return WebRenderer(library: merged, extraStrings: words, roleNames: roleNames)
    }

    /// The same renderer, naming roles with `names`.
    public func naming(roles names: RoleNames) -> WebRenderer {
        var copy = self
        copy.roleNames = names
        return copy
    }

    /// A complete HTML page.
    public func page(
        _ template: String,
        title: String,
        data: [String: Any] = [:],
        context: PatioRequestContext,
        status: HTTPResponse.Status = .ok,
        accent: String? = nil
    ) -> Response {
        var values = PageData.clean(data)
        if let errors = values["errors"] as? [Any] { values["hasErrors"] = !errors.isEmpty }
        if let flash = Flash.current {
            // A form's redirect left this page a notice or a refusal to show once (FormOutcome.swift).
            let key = flash.kind == .notice ? "notice" : "message"
            if values[key] == nil || values[key] is PageData.Absent { values[key] = flash.text }
        }
        values["t"] = strings(context.locale)
        values["csrf"] = context.csrfToken
        values["locale"] = context.locale.rawValue
        if let principal = context.principal {
            values["me"] = [
                "name": principal.name, "email": principal.email, "isAdmin": principal.has(role: Role.platformAdmin),
                "accountId": principal.accountID.uuidString,
            ]
        }
        let body = library.render(values, withTemplate: template) ?? ""
        var layout = values
        layout["title"] = title
        layout["body"] = body
        layout["accent"] = accent ?? "#0f766e"
        layout["otherLocale"] = context.locale == .es ? "en" : "es"
        layout["otherLocaleName"] = context.locale == .es ? "English" : "Español"
        let html = library.render(layout, withTemplate: "layout") ?? body
        return Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// A designed error page (404, 403, 500…) in the request's language.
    /// `code` is the refusal's problem code: its `problem.<code>` words, when a module or the platform has
    /// them, are shown instead of the English `message`.
    public func errorPage(status: HTTPResponse.Status, message: String?, code: String? = nil, retryAfter: String? = nil, context: PatioRequestContext)
        -> Response
    {
        let strings = Strings.table(context.locale)
        let key =
            switch status.code {
            case 404: "error_404"
            case 403: "error_403"
            case 429: "error_429"
            default: "error_generic"
            }
        // Both tables have these keys; an error page must never trap if one went missing.
        let heading = strings[key] ?? strings["error_generic"] ?? "Error \(status.code)"
        let words = self.strings(context.locale)
        let shown = message.map {
            readable(FieldMessages.detail(code: code, detail: $0, retryAfter: retryAfter, strings: words), locale: context.locale)
        }
        return page(
            "error", title: heading, data: ["heading": heading, "message": shown as Any, "status": Int(status.code)], context: context, status: status
        )
    }

    /// An error's message as the page's reader would say it: the access rule's "This needs the role
    /// <module>.student." names the role the way people do, in the page's language; other messages are
    /// shown as they are (already looked up by their problem code).
    func readable(_ message: String, locale: PatioLocale) -> String {
        var roles: [String] = []
        if let match = message.wholeMatch(of: /This needs the role ([a-z._]+)\./) {
            roles = [String(match.1)]
        } else if let match = message.wholeMatch(of: /This needs one of the roles ([a-z._, ]+)\./) {
            roles = match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard !roles.isEmpty else { return message }
        let names = roles.map { roleNames.fullName($0, locale: locale) }.joined(separator: locale == .es ? " o " : " or ")
        return locale == .es ? "Esta página es para cuentas con el rol \(names)." : "This page is for accounts with the role \(names)."
    }
}

/// A `303 See Other` after a form post, so reloading the page never re-submits it.
public func redirect(to location: String) -> Response {
    Response(status: .seeOther, headers: [.location: location])
}

/// For page routes that scripts call (passkeys, photo uploads): a refusal comes back as `{code, detail}`
/// JSON with its status, which the script shows, instead of an HTML error page.
public func answeringInJSON(_ work: () async throws -> Response) async throws -> Response {
    do {
        return try await work()
    } catch let error as AppError {
        return try .json(["code": error.code, "detail": error.detail], status: error.status)
    }
}
