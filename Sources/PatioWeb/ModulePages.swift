import Hummingbird
import PatioCore

/// What every module's pages share, so no module keeps its own copy: the module's accent colour, its words
/// (its strings over the platform's, which is where a refused form's labels and messages are looked up),
/// the flags its sub-navigation reads from the caller's roles, and how a page, or a refused form shown again
/// with its messages and what was typed, is rendered.
public struct ModulePages: Sendable {
    public let web: WebRenderer
    public let accent: String
    /// The module's words over the platform's, merged once: `text(_:_:)` runs many times per page.
    private let merged: [PatioLocale: [String: String]]
    let flags: @Sendable (PatioRequestContext) -> [String: Bool]

    public init(
        web: WebRenderer, strings: [PatioLocale: [String: String]], accent: String,
        flags: @escaping @Sendable (PatioRequestContext) -> [String: Bool] = { _ in [:] }
    ) {
        self.web = web
        self.merged = Dictionary(
            uniqueKeysWithValues: PatioLocale.allCases.map { locale in
                (locale, Strings.table(locale).merging(strings[locale] ?? [:]) { _, module in module })
            })
        self.accent = accent
        self.flags = flags
    }

    /// The words of this module's pages in `locale`: its own first, then the platform's.
    public func words(_ locale: PatioLocale) -> [String: String] {
        merged[locale] ?? Strings.table(locale)
    }

    public func text(_ key: String, _ context: PatioRequestContext) -> String {
        words(context.locale)[key] ?? key
    }

    /// A count with its noun in agreement, from two words in the module's strings: `<key>_one` for exactly
    /// one and `<key>_other` for any other count (zero too: "0 clases", "0 classes"), each with `%d` where the
    /// number goes. `count(1, "ac_n_classes", context)` is "1 clase" / "1 class"; with 2, "2 clases" / "2 classes".
    public func count(_ count: Int, _ key: String, _ context: PatioRequestContext) -> String {
        text(key + (count == 1 ? "_one" : "_other"), context).replacing("%d", with: String(count))
    }

    /// What an empty list says: `empty`'s words when nothing was searched; after a search, `noMatches`'s
    /// with the search in them (`{query}`), "no matches for “…”", never "you have nothing" to a person whose
    /// search found nothing.
    public func emptyList(_ empty: String, noMatches: String, search: String, _ context: PatioRequestContext) -> String {
        search.isEmpty ? text(empty, context) : text(noMatches, context).replacing("{query}", with: search)
    }

    /// A refusal's message in the page's language (`problem.<code>`, else the English detail).
    public func message(_ problem: AppError, _ context: PatioRequestContext) -> String {
        FieldMessages.detail(problem, strings: words(context.locale))
    }

    /// A page of this module. With `problem`, the form is shown again: its message, each field's
    /// "Label: message", the values typed in, answered with the refusal's status (422 for validation).
    /// `status` answers a page without a problem with another status (a 404 shown as the page itself).
    public func page(
        _ template: String, title: String, _ data: [String: Any], context: PatioRequestContext,
        problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil,
        status: HTTPResponse.Status? = nil
    ) -> Response {
        var data = data
        for (key, value) in flags(context) { data[key] = value }
        if data["values"] == nil { data["values"] = values }
        if let problem {
            let words = words(context.locale)
            data["message"] = FieldMessages.detail(problem, strings: words)
            data["errors"] = FieldMessages.rows(problem.fieldErrors, strings: words)
        }
        if let notice { data["notice"] = notice }
        let shown: HTTPResponse.Status = problem.map { $0.status.code >= 500 ? $0.status : .unprocessableContent } ?? status ?? .ok
        return web.page(template, title: title, data: data, context: context, status: shown, accent: accent)
    }
}
