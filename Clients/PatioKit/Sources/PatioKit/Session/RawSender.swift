import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends a request through the same transport and middlewares as the generated client (the session's token,
/// problems thrown as ``PatioError``, waits on 429), and hands back the answer's bytes undecoded.
///
/// The sync engine reads pages this way: the generated client decodes each row's free-form `data` by trying
/// every JSON type in turn, which took most of a pull's time on the device.
struct RawSender: Sendable {
    let serverURL: URL
    let transport: any ClientTransport
    let middlewares: [any ClientMiddleware]

    /// Answers larger than this are refused rather than held in memory (a page of 1,000 wide rows is well under).
    static let limit = 64 * 1024 * 1024

    /// The body of a `200 OK` to `GET path` (path and query, already percent-encoded); any other answer
    /// throws a ``PatioError``.
    func get(_ path: String, operationID: String) async throws -> Data {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path, headerFields: [.accept: "application/json"])
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = { [transport] request, body, url in
            try await transport.send(request, body: body, baseURL: url, operationID: operationID)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, url in
                try await middleware.intercept(request, body: body, baseURL: url, operationID: operationID, next: inner)
            }
        }
        let (response, body): (HTTPResponse, HTTPBody?)
        do {
            (response, body) = try await next(request, nil, serverURL)
        } catch let error as PatioError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // What the generated client reports as `offline`: the transport could not reach Patio.
            throw PatioError.offline(String(describing: error))
        }
        guard response.status == .ok else { throw PatioError.unexpected(status: response.status.code) }
        do {
            return try await Data(collecting: body ?? HTTPBody(), upTo: Self.limit)
        } catch {
            throw PatioError.offline(String(describing: error))
        }
    }
}
