import Foundation

extension CSVLineError {
    /// A whole file refused (422 `csv_invalid`), each line's problem listed; imports are all or nothing.
    public static func refusal(_ errors: [CSVLineError]) -> AppError {
        AppError(
            .unprocessableContent, code: "csv_invalid",
            detail:
                """
                The file has \(errors.count == 1 ? "an error" : "\(errors.count) errors"); nothing was imported. Fix the lines listed and \
                import it again.
                """,
            fieldErrors: errors.map {
                FieldError(field: "line \($0.line)" + ($0.column.map { ", \($0)" } ?? ""), message: "Line \($0.line): \($0.message)", code: $0.code)
            })
    }
}
