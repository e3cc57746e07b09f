import Foundation
import PatioCore

/// Checks shared by the campus forms: required, trimmed text of bounded length; dates; times.
enum CampusText {
    static let maxLength = 200

    /// The trimmed text, or nil after noting why it is refused.
    static func required(_ value: String?, _ field: String, into validator: inout Validator, max: Int = maxLength) -> String {
        let text = (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            validator.add(field, "Fill this in.", code: "required")
        } else if text.count > max {
            validator.add(field, "At most \(max) characters.", code: "too_long")
        } else if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
            validator.add(field, "Control characters are not allowed.", code: "invalid_characters")
        }
        return text
    }

    static func date(_ value: String?, _ field: String, into validator: inout Validator) -> LocalDate? {
        guard let value, !value.isEmpty else {
            validator.add(field, "Give a date as yyyy-MM-dd.", code: "required")
            return nil
        }
        guard let date = LocalDate(value) else {
            validator.add(field, "Give a date as yyyy-MM-dd.", code: "date_format")
            return nil
        }
        return date
    }

    /// `HH:mm` between 00:00 and 23:59, as minutes after midnight.
    static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// Lower-cased with accents folded, for searches that forgive both.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "es_MX"))
    }
}
