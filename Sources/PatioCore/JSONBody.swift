import Foundation
import Hummingbird
import NIOCore

/// Reads request bodies without trusting them: a size limit, then JSON decoding that reports which
/// field is wrong instead of a generic 400.
public enum JSONBody {
    /// Default upper bound for JSON bodies (64 KiB is plenty for every form Patio accepts).
    public static let defaultJSONLimit = 64 * 1024

    public static func collect(_ request: Request, limit: Int = defaultJSONLimit) async throws -> ByteBuffer {
        do {
            return try await request.body.collect(upTo: limit)
        } catch {
            throw AppError(.contentTooLarge, code: "body_too_large", detail: "The request body is larger than \(limit) bytes.")
        }
    }

    public static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int = defaultJSONLimit) async throws -> T {
        if let contentType = request.headers[.contentType], !contentType.lowercased().contains("json") {
            throw AppError(.unsupportedMediaType, code: "unsupported_media_type", detail: "Send the body as application/json.")
        }
        let buffer = try await collect(request, limit: limit)
        return try decodeJSON(type, from: Data(buffer.readableBytesView))
    }

    public static func decodeJSON<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if data.isEmpty {
            throw AppError.badRequest(code: "body_required", "This endpoint needs a JSON body.")
        }
        do {
            return try PatioJSON.decoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw fieldError(from: error)
        } catch let error as AppError {
            throw error
        } catch {
            throw AppError.badRequest(code: "malformed_json", "The body is not valid JSON.")
        }
    }

    static func fieldError(from error: DecodingError) -> AppError {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String {
            let keys = codingPath + (last.map { [$0] } ?? [])
            let joined = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return joined.replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .validation(field: path(context.codingPath, key), "This field is required.")
        case .typeMismatch(let type, let context):
            return .validation(field: path(context.codingPath), "Expected \(describe(type)).")
        case .valueNotFound(let type, let context):
            return .validation(field: path(context.codingPath), "Expected \(describe(type)), found null.")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return AppError.badRequest(code: "malformed_json", "The body is not valid JSON.")
            }
            return .validation(field: path(context.codingPath), context.debugDescription)
        @unknown default:
            return AppError.badRequest(code: "malformed_json", "The body is not valid JSON.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type: return "an integer"
        case is Double.Type: return "a number"
        case is [String].Type: return "a list of strings"
        default: return "a value of another type"
        }
    }
}
