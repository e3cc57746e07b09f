import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `If-None-Match` as the ETag Patio gave. The generated client writes header parameters with URI
/// encoding, which turns an ETag's quotes into `%22` and makes every conditional read miss; ETags never hold
/// a `%` of their own, so undoing the encoding is exact.
struct ConditionalHeaderMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let value = request.headerFields[.ifNoneMatch], value.contains("%"), let decoded = value.removingPercentEncoding {
            request.headerFields[.ifNoneMatch] = decoded
        }
        return try await next(request, body, baseURL)
    }
}
