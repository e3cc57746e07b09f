import PatioCore
import PatioWeb

/// A refused grade capture, cell by cell. `GradeService` names a bad value by its place in what was sent
/// (`grades[1].partial2`), which means nothing to a teacher; the page names the cell instead — its input
/// (`<enrolment>.partial2`) to mark it beside the student's name, and its label ("Ana López · 2.º parcial")
/// in the list above the form — with the reason in the page's language.
struct GradeCellErrors {
    /// Input name → the reason, in the page's words.
    let messages: [String: String]
    private let error: AppError
    /// Input name of each field error the service reported, by its position in `error.fieldErrors`.
    private let cells: [Int: String]

    init(_ error: AppError, entries: [GradeService.Entry], words: [String: String]) {
        self.error = error
        var cells: [Int: String] = [:], messages: [String: String] = [:]
        for (position, fieldError) in error.fieldErrors.enumerated() {
            guard let cell = Self.cell(fieldError.field, entries: entries) else { continue }
            cells[position] = cell
            messages[cell] = FieldMessages.message(fieldError, strings: words)
        }
        self.cells = cells
        self.messages = messages
    }

    /// The refusal with each field named by its cell's label (fields that are not cells stay as they were).
    func problem(labels: [String: String]) -> AppError {
        var named = error
        named.fieldErrors = error.fieldErrors.enumerated().map { position, fieldError in
            guard let cell = cells[position], let label = labels[cell] else { return fieldError }
            return FieldError(field: label, message: fieldError.message, code: fieldError.code)
        }
        return named
    }

    /// `grades[<index>].<assessment>` → `<enrolment id>.<assessment>`; nil for any other field or an index
    /// outside what was sent.
    static func cell(_ field: String, entries: [GradeService.Entry]) -> String? {
        guard let match = field.wholeMatch(of: /grades\[(\d{1,6})\]\.([a-z0-9]+)/), let index = Int(match.1),
            entries.indices.contains(index), Assessment(rawValue: String(match.2)) != nil
        else { return nil }
        return "\(entries[index].enrolmentId.uuidString).\(match.2)"
    }
}
