import Foundation

/// The languages Patio speaks. Spanish first: most of the seed apps' users are Spanish speakers.
public enum PatioLocale: String, Codable, Sendable, CaseIterable {
    case es
    case en

    public static let `default` = PatioLocale.es

    /// Picks the best supported language from an `Accept-Language` header (weights respected).
    public static func negotiate(acceptLanguage: String?) -> PatioLocale {
        guard let header = acceptLanguage, !header.isEmpty else { return .default }
        var best: (PatioLocale, Double)?
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased() else { continue }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            let primary = String(tag.split(separator: "-").first ?? "")
            guard let locale = PatioLocale(rawValue: primary), weight > 0 else { continue }
            if best == nil || weight > best!.1 { best = (locale, weight) }
        }
        return best?.0 ?? .default
    }
}
