import HTTPTypes
import Hummingbird
import PatioCore

/// Gives every request an id, on every log line (`request_id`) and in the `X-Request-Id` response header.
/// A well-formed id sent by a proxy is kept so one request can be followed across hops.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = PatioRequestContext
    static let header = HTTPField.Name("X-Request-Id")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let incoming = request.headers[Self.header].flatMap {
            $0.count <= 64 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } ? $0 : nil
        }
        let id = incoming ?? SecureToken.generate(bytes: 12)
        context.logger[metadataKey: "request_id"] = .string(id)
        do {
            var response = try await next(request, context)
            response.headers[Self.header] = id
            return response
        } catch let error as any HTTPResponseError {
            var response = try error.response(from: request, context: context)
            response.headers[Self.header] = id
            return response
        }
    }
}
