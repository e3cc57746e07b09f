import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Adds the session's bearer token to every request and ends the session when Patio answers 401 to a
/// request that carried it (the token expired or was revoked elsewhere).
struct SessionMiddleware: ClientMiddleware {
    let session: PatioSession

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        let token = await session.token()
        if let token, request.headerFields[.authorization] == nil {
            request.headerFields[.authorization] = "Bearer \(token)"
        }
        do {
            return try await next(request, body, baseURL)
        } catch {
            // The runtime hands an inner middleware's error on wrapped in a ClientError.
            let reason = (error as? ClientError)?.underlyingError ?? error
            if let token, case PatioError.signedOut? = reason as? PatioError {
                await session.end(token: token, reason: .expired)
            }
            throw error
        }
    }
}
