import Foundation
import PatioCore
import PatioWeb

/// The refusal codes a part of Patio can answer, read from its source, so a test can ask that every one has a
/// page's words (FieldMessages: `problem.<code>`, `error.<code>`) and a rule added without words fails there,
/// not on a Spanish page in English.
///
/// A code is `code: "…"` in a statement that builds an AppError, a FieldError, a CSV line's error or checks a
/// Validator. In an AppError's statement the first code is the refusal's own (`problem.`), any other a field's
/// (`error.`); `AppError.validation(field:…, code:)` is a field's.
public struct RefusalCodes: Sendable {
    public var refusals: Set<String>
    public var fields: Set<String>

    public init(refusals: Set<String> = [], fields: Set<String> = []) {
        self.refusals = refusals
        self.fields = fields
    }

    /// Patio's `Sources` folder.
    public static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources").standardized

    public struct FolderMissing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The codes in the Swift files under `Sources/<folder>` for each of `folders`, leaving out files under
    /// any of `skipping` (paths inside the folder: a module's `Web/` answers with its page codes, its `Demo/`
    /// is sample data).
    public static func walk(_ folders: [String], skipping: [String] = ["Web/", "Demo/"]) throws -> RefusalCodes {
        var codes = RefusalCodes()
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: root.path)?.compactMap({ $0 as? String }), !files.isEmpty else {
                throw FolderMissing(description: "no source files in \(root.path)")
            }
            for path in files where path.hasSuffix(".swift") && !skipping.contains(where: path.hasPrefix) {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                for statement in statements(text) {
                    guard statement.contains(/AppError|FieldError|CSVLineError|[vV]alidator/) else { continue }
                    var found = statement.matches(of: /code: "([a-z][a-z0-9_]*)"/).map { String($0.1) }
                    if statement.contains("AppError"), !statement.contains("AppError.validation("), !found.isEmpty {
                        codes.refusals.insert(found.removeFirst())
                    }
                    codes.fields.formUnion(found)
                }
            }
        }
        return codes
    }

    /// The source's lines, with a call that spans several lines (`throw AppError(\n .forbidden, code: …)`, as
    /// swift format breaks long ones) joined into one: a line whose parentheses are still open takes the next.
    static func statements(_ text: String) -> [String] {
        var statements: [String] = []
        var current = "", depth = 0, joined = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            current = depth > 0 ? current + " " + line : String(line)
            depth = max(0, depth + parenthesesOpened(by: line))
            joined += 1
            // A miscounted parenthesis (one inside a multi-line string) must not swallow the rest of a file.
            if depth == 0 || joined >= 40 {
                statements.append(current)
                depth = 0
                joined = 0
            }
        }
        if !current.isEmpty && depth > 0 { statements.append(current) }
        return statements
    }

    /// `(` minus `)` on `line`, outside its string literals.
    static func parenthesesOpened(by line: Substring) -> Int {
        var count = 0, inString = false, escaped = false
        for character in line {
            if escaped { escaped = false; continue }
            switch character {
            case "\\" where inString: escaped = true
            case "\"": inString.toggle()
            case "(" where !inString: count += 1
            case ")" where !inString: count -= 1
            default: break
            }
        }
        return count
    }

    /// Every page key these codes are shown by: `problem.<code>` for a refusal, `error.<code>` for a field's rule.
    public var keys: [String] {
        (refusals.map { "problem.\($0)" } + fields.map { "error.\($0)" }).sorted()
    }

    /// A page's words in `locale`: a module's (its strings' `all`) over the platform's, as ModulePages looks them up.
    public static func pageWords(_ module: [PatioLocale: [String: String]], _ locale: PatioLocale) -> [String: String] {
        Strings.table(locale).merging(module[locale] ?? [:]) { _, own in own }
    }

    /// The refusals without `problem.<code>` words and the field rules without `error.<code>` words (or their
    /// refusal's, as FieldMessages falls back to) in `words`, sorted.
    public func silent(in words: [String: String]) -> (refusals: [String], fields: [String]) {
        (
            refusals.filter { (words["problem.\($0)"] ?? "").isEmpty }.sorted(),
            fields.filter { (words["error.\($0)"] ?? words["problem.\($0)"] ?? "").isEmpty }.sorted()
        )
    }

    /// What the pages of a module (its strings' `all`; none for the platform's) cannot say, in Spanish and in
    /// English: one line per language and kind of code that lacks words, naming the codes.
    public func silentOnPages(of module: [PatioLocale: [String: String]] = [:]) -> [String] {
        [PatioLocale.es, .en].flatMap { locale in
            let silent = silent(in: Self.pageWords(module, locale))
            return (silent.refusals.isEmpty ? [] : ["\(locale.rawValue) has no problem.<code> for \(silent.refusals)"])
                + (silent.fields.isEmpty ? [] : ["\(locale.rawValue) has no error.<code> for \(silent.fields)"])
        }
    }

    /// The keys whose Spanish words are the English ones (a refusal left in English on a Spanish page), but for
    /// `exceptions`, words that truly read the same in both.
    public func sameInBoth(spanish: [String: String], english: [String: String], exceptions: Set<String> = []) -> [String] {
        keys.filter { spanish[$0] != nil && spanish[$0] == english[$0] && !exceptions.contains($0) }
    }

    /// The same on the pages of a module (its strings' `all`; none for the platform's).
    public func sameInBothOnPages(of module: [PatioLocale: [String: String]] = [:], exceptions: Set<String> = []) -> [String] {
        sameInBoth(spanish: Self.pageWords(module, .es), english: Self.pageWords(module, .en), exceptions: exceptions)
    }
}
