import Foundation
import HTTPTypes
import Hummingbird

/// One field that failed validation, reported back to the client so it can point at the input.
///
/// `message` is the English sentence people read through the API; `code` names the rule (`dni_format`,
/// `name_length`) so clients and the pages can say it in their own words. The same rule keeps the same code.
public struct FieldError: Codable, Sendable, Equatable {
    public var field: String
    public var message: String
    public var code: String?
    public init(field: String, message: String, code: String? = nil) {
        self.field = field
        self.message = message
        self.code = code
    }
}

/// The single error type every Patio service throws towards HTTP.
///
/// It renders as `application/problem+json` (RFC 9457) with a stable machine `code`, so clients can
/// branch on the code while people read `detail`.
public struct AppError: Error, Sendable, Equatable {
    public var status: HTTPResponse.Status
    public var code: String
    public var title: String
    public var detail: String
    public var fieldErrors: [FieldError]
    public var headers: [String: String]

    public init(
        _ status: HTTPResponse.Status,
        code: String,
        title: String? = nil,
        detail: String,
        fieldErrors: [FieldError] = [],
        headers: [String: String] = [:]
    ) {
        self.status = status
        self.code = code
        self.title = title ?? status.reasonPhrase
        self.detail = detail
        self.fieldErrors = fieldErrors
        self.headers = headers
    }

    public static func == (lhs: AppError, rhs: AppError) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code && lhs.detail == rhs.detail && lhs.fieldErrors == rhs.fieldErrors
    }
}

extension AppError {
    public static func validation(_ errors: [FieldError]) -> AppError {
        AppError(.unprocessableContent, code: "validation_failed", detail: "Some fields are not valid.", fieldErrors: errors)
    }

    public static func validation(field: String, _ message: String, code: String? = nil) -> AppError {
        .validation([FieldError(field: field, message: message, code: code)])
    }

    public static func badRequest(code: String, _ detail: String) -> AppError {
        AppError(.badRequest, code: code, detail: detail)
    }

    public static func notFound(code: String = "not_found", _ detail: String) -> AppError {
        AppError(.notFound, code: code, detail: detail)
    }

    public static func conflict(code: String, _ detail: String) -> AppError {
        AppError(.conflict, code: code, detail: detail)
    }

    public static let unauthenticated = AppError(
        .unauthorized, code: "unauthenticated", detail: "Sign in to use this endpoint.",
        headers: ["WWW-Authenticate": "Bearer"]
    )

    public static func forbidden(_ detail: String = "Your account may not do this.") -> AppError {
        AppError(.forbidden, code: "forbidden", detail: detail)
    }
}

/// The wire shape of a problem document.
public struct ProblemDocument: Codable, Sendable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var code: String
    public var errors: [FieldError]?
}

extension AppError: HTTPResponseError {
    public var problem: ProblemDocument {
        ProblemDocument(
            type: "https://patio.dev/problems/\(code)",
            title: title,
            status: Int(status.code),
            detail: detail,
            code: code,
            errors: fieldErrors.isEmpty ? nil : fieldErrors
        )
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try Response.json(problem, status: status, contentType: "application/problem+json")
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }
}
