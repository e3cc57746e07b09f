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
    /// "Label: message" in the words of `strings`.
    public static func line(_ error: FieldError, strings: [String: String]) -> String {
        let label = strings["field.\(error.field)"] ?? error.field
        return "\(label): \(message(error, strings: strings))"
    }

    /// The field error's message alone, translated when its code has words in `strings`.
    public static func message(_ error: FieldError, strings: [String: String]) -> String {
        error.code.flatMap { strings["error.\($0)"] } ?? error.message
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
