import PatioCore

/// How a page says a refusal, for every module alike: looked up by the rule's code and the field's name in
/// the words of the page (the module's own strings over the platform's), never by the English sentence.
///
/// - `field.<name>`: the field's label ("Correo" for `email`);
/// - `error.<code>`: what is wrong with it (`error.dni_format`);
/// - `problem.<code>`: a refusal as a whole (`problem.email_taken`, `problem.validation_failed`).
///
/// A message without a translation is shown in the services' English, never dropped; a field without a
/// label by its wire name.
public enum FieldMessages {
    /// "Label: message" in the words of `strings`. A file's line, as CSV refusals name it (`line 4`,
    /// `line 4, boleta`), is labelled "Línea 4 · Boleta" (`field.line` with `{line}`, then the column's label).
    public static func line(_ error: FieldError, strings: [String: String]) -> String {
        if let place = fileLine(error.field) {
            let line = (strings["field.line"] ?? "Line {line}").replacing("{line}", with: place.line)
            let label = place.column.map { "\(line) · \(strings["field.\($0)"] ?? $0)" } ?? line
            return "\(label): \(message(error, strings: strings))"
        }
        let label = strings["field.\(error.field)"] ?? error.field
        return "\(label): \(message(error, strings: strings))"
    }

    /// The field error's message alone, translated when its code has words in `strings`: `error.<code>`, else
    /// the refusal's own `problem.<code>` (a file's line refused by a rule that refuses whole requests elsewhere,
    /// like a full group). Untranslated, a file line's English message loses the "Line 4: " its label says.
    public static func message(_ error: FieldError, strings: [String: String]) -> String {
        if let words = error.code.flatMap({ strings["error.\($0)"] ?? strings["problem.\($0)"] }) { return words }
        if fileLine(error.field) != nil, let prefix = error.message.prefixMatch(of: #/Line [0-9]+: /#) {
            return String(error.message[prefix.range.upperBound...])
        }
        return error.message
    }

    /// `line 4` or `line 4, boleta`: the line and column of a file a refusal names.
    static func fileLine(_ field: String) -> (line: String, column: String?)? {
        guard let match = field.wholeMatch(of: /line ([0-9]+)(?:, (.+))?/) else { return nil }
        return (String(match.1), match.2.map(String.init))
    }

    /// A refusal's top-level message: `problem.<code>` in `strings`, else its English detail. A throttle's
    /// words say when to try again: `{seconds}` is its `Retry-After`.
    public static func detail(_ problem: AppError, strings: [String: String]) -> String {
        detail(code: problem.code, detail: problem.detail, retryAfter: problem.headers["Retry-After"], strings: strings)
    }

    public static func detail(code: String?, detail: String, retryAfter: String? = nil, strings: [String: String]) -> String {
        guard let words = code.flatMap({ strings["problem.\($0)"] }) else { return detail }
        guard words.contains("{seconds}") else { return words }
        guard let retryAfter, let seconds = Int(retryAfter) else { return detail }
        return words.replacing("{seconds}", with: String(seconds))
    }

    /// A form's field errors for its template: `message` is the whole line, label included (a refusal that
    /// names no field is its message alone).
    public static func rows(_ errors: [FieldError], strings: [String: String]) -> [[String: String]] {
        errors.map { error in
            ["field": error.field, "message": error.field.isEmpty ? message(error, strings: strings) : line(error, strings: strings)]
        }
    }

    /// Field errors of a platform page (accounts, client apps), in the platform's words.
    public static func rows(_ errors: [FieldError], locale: PatioLocale) -> [[String: String]] {
        rows(errors, strings: Strings.table(locale))
    }
}
