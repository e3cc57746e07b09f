import Foundation
import HTTPTypes
import Hummingbird
import PatioCore
import PatioData
import PatioIdentity
import PatioWeb

/// Turns every failure into what the caller can use: `application/problem+json` under `/api/`, and for web
/// pages a designed error page (or a redirect to sign-in when the page needs an account).
struct ErrorRenderingMiddleware: RouterMiddleware {
    typealias Context = PatioRequestContext
    let web: WebRenderer
    let paths: RequestPath

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.appError(from: error)
            if problem.code == "overloaded" {
                // Shedding load is what Patio does under load, not a fault: /metrics counts it
                // (patio_requests_shed_total); a warning per refused request would flood the log.
                context.logger.info("request refused", metadata: ["code": "\(problem.code)", "error": "\(String(reflecting: error))"])
            } else if problem.status.code >= 500 {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            }
            if paths.isForMachines(request.uri.path) {
                return try problem.response(from: request, context: context)
            }
            return page(for: problem, request: request, context: context)
        }
    }

    static func appError(from error: any Error) -> AppError {
        switch error {
        case let error as AppError:
            return error
        case let error as HTTPError where error.status == .notFound:
            return AppError.notFound("There is nothing at this address.")
        case let error as HTTPError where error.status == .contentTooLarge:
            return AppError(.contentTooLarge, code: "body_too_large", detail: "The request body is too large.")
        case let error as HTTPError:
            return AppError(error.status, code: "http_\(error.status.code)", detail: error.body ?? error.status.reasonPhrase)
        default:
            // A database that had no connection to give in time is load, answered 503, not a fault.
            if let overload = AppError.databaseOverload(from: error) { return overload }
            return AppError(.internalServerError, code: "internal_error", detail: "Something went wrong on our side. It has been logged.")
        }
    }

    private func page(for problem: AppError, request: Request, context: Context) -> Response {
        if problem.status == .unauthorized {
            var target = request.uri.path
            if let query = request.uri.query, !query.isEmpty { target += "?\(query)" }
            let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/-_.~"))) ?? "/"
            return redirect(to: "/login?next=\(encoded)")
        }
        var context = context
        context.locale = WebSessionMiddleware.locale(for: request, principal: context.principal)
        context.csrfToken = request.cookies[WebSessionMiddleware.csrfCookie]?.value ?? ""
        let message: String? = problem.status == .notFound ? nil : problem.detail
        var response = web.errorPage(
            status: problem.status, message: message, code: problem.code, retryAfter: problem.headers["Retry-After"], context: context)
        for (name, value) in problem.headers where name != "WWW-Authenticate" {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }
}
