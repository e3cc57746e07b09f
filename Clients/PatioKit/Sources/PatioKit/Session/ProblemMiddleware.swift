import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Turns every refusal Patio sends (`application/problem+json`) into a thrown ``PatioError``, so callers
/// handle one error type instead of each operation's list of statuses.
struct ProblemMiddleware: ClientMiddleware {
    /// Problem bodies are small; anything larger is not one.
    static let limit = 256 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400, response.headerFields[.contentType]?.hasPrefix("application/problem+json") == true else {
            return (response, responseBody)
        }
        let data = try await Data(collecting: responseBody ?? HTTPBody(), upTo: Self.limit)
        let problem = try? JSONDecoder().decode(Problem.self, from: data)
        switch response.status.code {
        // 401 to a request with a token: the session is over. Without one (signing in) it is a refusal.
        case 401 where request.headerFields[.authorization] != nil: throw PatioError.signedOut
        case 429: throw PatioError.rateLimited(retryAfter: RetryAfter.parse(response.headerFields[.retryAfter]), problem: problem)
        default: throw problem.map(PatioError.problem) ?? PatioError.unexpected(status: response.status.code)
        }
    }
}
