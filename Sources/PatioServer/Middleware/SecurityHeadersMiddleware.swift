import HTTPTypes
import Hummingbird
import PatioCore

/// Security headers on every response. Pages load nothing from other origins, so the policy is strict.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = PatioRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        response.headers[HTTPField.Name("Content-Security-Policy")!] =
            """
            default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors \
            'none'; form-action 'self'; base-uri 'none'
            """
        response.headers[HTTPField.Name("Permissions-Policy")!] = "camera=(self), geolocation=(self), microphone=()"
        return response
    }
}
