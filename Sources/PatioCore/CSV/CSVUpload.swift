import Hummingbird

/// A CSV file sent as a request body: `text/csv` (or `text/plain`), UTF-8, at most `limit` bytes.
public enum CSVUpload {
    public static func text(_ request: Request, limit: Int) async throws -> String {
        if let type = request.headers[.contentType]?.lowercased(), !type.hasPrefix("text/csv"), !type.hasPrefix("text/plain") {
            throw AppError(.unsupportedMediaType, code: "unsupported_media_type", detail: "Send the file as text/csv.")
        }
        let buffer = try await JSONBody.collect(request, limit: limit)
        guard let text = String(validating: Array(buffer: buffer), as: UTF8.self) else {
            throw AppError.badRequest(code: "csv_not_utf8", "Save the file as UTF-8 CSV and import it again.")
        }
        return text
    }
}
