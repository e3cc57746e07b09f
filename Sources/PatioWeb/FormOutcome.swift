import Foundation
import HTTPTypes
import Hummingbird
import PatioCore

/// What a form's answer leaves for the page it sends the browser to (Post/Redirect/Get, docs/web-pages.md).
///
/// A form that did its work answers `303 See Other` to a page's own address with a flash: its notice
/// ("Periodo cerrado: …") or, for a button whose refusal has nothing typed to keep, the refusal's message.
/// The flash travels in the short-lived `patio_flash` cookie, scoped to the page it is meant for, and the
/// next time that page is shown it shows the flash once and the cookie is deleted. Any Patio instance can
/// show it: nothing is kept in memory between the two requests. The browser ends up at an address that
/// answers GET, so reloading shows the page again (never re-sends the form), and a script that refreshes
/// from `location.href` (a live board) reads the page.
public struct Flash: Sendable, Equatable {
    public enum Kind: String, Sendable { case notice = "n", alert = "a" }
    public var kind: Kind
    public var text: String
    /// The path (no query) of the page that shows it.
    public var path: String

    public init(_ kind: Kind, _ text: String, path: String) {
        self.kind = kind
        self.text = String(text.prefix(1_000))
        self.path = path
    }

    public static let cookie = "patio_flash"
    /// Set by the handler's redirect, turned into the cookie by `FlashMiddleware` (which knows whether
    /// cookies must be `Secure`); never reaches the browser.
    static let header = HTTPField.Name("X-Patio-Flash")!

    /// The flash the current request shows, when it is the page one was left for.
    @TaskLocal public static var current: Flash?

    var encoded: String {
        [kind.rawValue, path, text].map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "" }.joined(separator: ".")
    }

    init?(encoded: String) {
        let parts = encoded.split(separator: ".", omittingEmptySubsequences: false).map { String($0).removingPercentEncoding }
        guard parts.count == 3, let raw = parts[0], let kind = Kind(rawValue: raw), let path = parts[1], path.hasPrefix("/"), let text = parts[2]
        else { return nil }
        self.init(kind, text, path: path)
    }
}

/// A `303 See Other` to a page after its form did its work, with `notice` shown once on that page.
public func redirect(to location: String, notice: String) -> Response {
    redirect(to: location, flash: .notice, notice)
}

/// A `303 See Other` back to a page whose button was refused, with the refusal's `message` shown there once
/// (for forms with nothing typed to keep: a form with typed fields posts to its page's own address and is
/// shown again there, docs/web-pages.md).
public func redirect(to location: String, alert message: String) -> Response {
    redirect(to: location, flash: .alert, message)
}

private func redirect(to location: String, flash kind: Flash.Kind, _ text: String) -> Response {
    var response = redirect(to: location)
    let path = String(location.prefix { $0 != "?" && $0 != "#" })
    response.headers[Flash.header] = Flash(kind, text, path: path).encoded
    return response
}

/// Carries each flash from the redirect that leaves it to the page it was left for, and deletes it there.
public struct FlashMiddleware: RouterMiddleware {
    public typealias Context = PatioRequestContext
    let secureCookies: Bool
    let paths: RequestPath

    public init(secureCookies: Bool, paths: RequestPath) {
        self.secureCookies = secureCookies
        self.paths = paths
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if paths.isAPI(request) { return try await next(request, context) }
        let waiting = request.cookies[Flash.cookie].flatMap { Flash(encoded: $0.value) }
        let shown = waiting.flatMap { request.method == .get && $0.path == request.uri.path ? $0 : nil }
        var response = try await Flash.$current.withValue(shown) { try await next(request, context) }
        if let leaving = response.headers[Flash.header] {
            response.headers[Flash.header] = nil
            if let flash = Flash(encoded: leaving) {
                response.setCookie(
                    Cookie(
                        name: Flash.cookie, value: flash.encoded, maxAge: 120, path: flash.path, secure: secureCookies, httpOnly: true, sameSite: .lax
                    ))
            }
        } else if let shown, response.status == .ok, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(
                Cookie(name: Flash.cookie, value: "", maxAge: 0, path: shown.path, secure: secureCookies, httpOnly: true, sameSite: .lax))
        }
        return response
    }
}

/// Irreversible actions ask first, the same way on every module's pages (docs/web-pages.md).
///
/// The action's form posts as usual; without `confirm=yes` its handler does nothing and answers a
/// confirmation page instead: what will happen, in numbers, that it cannot be undone, and a second form to
/// the same address carrying the same fields plus `confirm=yes`, next to a link back. It works without
/// JavaScript; with it, `/static/confirm.js` shows that same page's question in a dialog. The forms that
/// lead to one carry `data-confirm` and their button `class="danger"`.
public enum Confirmation {
    public static let field = "confirm"
    public static let yes = "yes"

    public static func isConfirmed(_ form: FormBody) -> Bool { form[field] == yes }
}

extension ModulePages {
    /// nil when `form` carries `confirm=yes` (the handler goes on and acts); otherwise the confirmation page
    /// for the form `request` posted. `question` is the heading ("¿Cerrar el periodo 2027/1?"),
    /// `consequences` what will happen, one line each, `action` the button's words, `back` the page to
    /// return to without acting.
    public func confirmation(
        _ form: FormBody, _ request: Request, _ context: PatioRequestContext, question: String, consequences: [String],
        action: String, back: String
    ) -> Response? {
        if Confirmation.isConfirmed(form) { return nil }
        let fields = form.fields.filter { $0.key != "_csrf" && $0.key != Confirmation.field }.sorted { $0.key < $1.key }
            .flatMap { name, values in values.map { ["name": name, "value": $0] } }
        let target = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        return page(
            "confirm", title: question,
            [
                "question": question, "consequences": consequences, "fields": fields, "target": target,
                "action": action, "back": back,
            ], context: context)
    }
}

extension ModulePages {
    /// The confirmation of removing one named thing for good ("¿Quitar «Simulacro»?"), in the platform's words.
    public func removal(_ form: FormBody, _ request: Request, _ context: PatioRequestContext, name: String, back: String) -> Response? {
        confirmation(
            form, request, context, question: String(format: text("confirm_remove", context), name),
            consequences: [String(format: text("confirm_remove_line", context), name)], action: text("confirm_yes_remove", context), back: back)
    }
}
