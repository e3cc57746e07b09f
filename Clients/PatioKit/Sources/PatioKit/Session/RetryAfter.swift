import Foundation
import HTTPTypes
import OpenAPIRuntime

/// `Retry-After` as Patio sends it: whole seconds (an HTTP date is read too).
enum RetryAfter {
    static func parse(_ value: String?, now: Date = Date()) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: value) else { return nil }
        return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up))))
    }
}

/// Honours `429 Too Many Requests`: waits what `Retry-After` asks and sends the request again, when the wait
/// is short enough to hold the caller (`maximumWait`) and the body can be sent twice. Longer waits reach
/// the caller as ``PatioError/rateLimited(retryAfter:problem:)``.
struct RateLimitMiddleware: ClientMiddleware {
    var maximumWait: Duration
    var maximumRetries: Int
    /// Injected so tests need not wait; `Task.sleep` in apps.
    var sleep: @Sendable (Duration) async throws -> Void

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var attempt = 0
        while true {
            let (response, responseBody) = try await next(request, body, baseURL)
            guard response.status.code == 429, attempt < maximumRetries,
                body == nil || body?.iterationBehavior == .multiple,
                let wait = RetryAfter.parse(response.headerFields[.retryAfter]), wait <= maximumWait
            else {
                return (response, responseBody)
            }
            attempt += 1
            try await sleep(wait)
        }
    }
}
