import Foundation
import HTTPTypes
import Hummingbird
import PatioCore

/// Web-page plumbing for every non-API request: the page language and the CSRF double-submit token.
///
/// Each browser gets a random `patio_csrf` cookie; every form carries the same value in `_csrf`, and any
/// POST to a page whose field does not match the cookie is refused before a handler sees it. A cross-site
/// form cannot read the cookie, so it cannot forge the field.
public struct WebSessionMiddleware: RouterMiddleware {
    public typealias Context = PatioRequestContext
    public static let csrfCookie = "patio_csrf"
    public static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    public static let localeCookie = "patio_lang"
    /// The reader's IANA time zone, written by `/static/timezone.js` from the browser's own setting.
    public static let timeZoneCookie = "patio_tz"

    let secureCookies: Bool
    let paths: RequestPath

    public init(secureCookies: Bool, paths: RequestPath) {
        self.secureCookies = secureCookies
        self.paths = paths
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.locale = Self.locale(for: request, principal: context.principal)
        if paths.isAPI(request) {
            return try await next(request, context)
        }
        context.timeZone = Self.timeZone(for: request)
        let existing = request.cookies[Self.csrfCookie]?.value
        let token = existing.flatMap { $0.count == 43 ? $0 : nil } ?? SecureToken.generate()
        context.csrfToken = token
        var request = request
        // Every method that can change something is checked, not only the POST that forms use.
        if ![.get, .head, .options].contains(request.method) {
            // Forms carry the token in `_csrf`; a script that posts something else (a photo) sends it in a header.
            let sent: String?
            if let header = request.headers[Self.csrfHeader] {
                sent = header
            } else {
                let buffer = try await request.collectBody(upTo: 64 * 1024)
                sent = FormBody(encoded: String(buffer: buffer))["_csrf"]
            }
            guard let existing, let sent, SecureToken.constantTimeEquals(existing, sent) else {
                throw AppError(.forbidden, code: "csrf_failed", detail: "This form expired. Reload the page and try again.")
            }
        }
        var response = try await next(request, context)
        if existing != token {
            response.setCookie(Cookie(name: Self.csrfCookie, value: token, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax))
        }
        return response
    }

    /// The zone the browser reported, when it names one this machine knows; anything else is ignored.
    public static func timeZone(for request: Request) -> TimeZone? {
        guard let name = request.cookies[timeZoneCookie]?.value.removingPercentEncoding, (1...64).contains(name.count),
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0)) })
        else { return nil }
        return TimeZone(identifier: name)
    }

    /// Cookie choice first (what the person picked), then the account's language, then the browser's.
    public static func locale(for request: Request, principal: Principal?) -> PatioLocale {
        if let chosen = request.cookies[localeCookie]?.value, let locale = PatioLocale(rawValue: chosen) { return locale }
        if let principal { return principal.locale }
        return PatioLocale.negotiate(acceptLanguage: request.headers[.acceptLanguage])
    }
}
