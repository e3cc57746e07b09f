import Foundation
import Hummingbird
import PatioCore

/// An `application/x-www-form-urlencoded` body, as browsers post forms without JavaScript, or the query of
/// a page's address, as browsers send a GET form (`Request.pageQuery`).
public struct FormBody: Sendable {
    public let fields: [String: [String]]

    /// The fields of `name=value&…` text, each decoded by `URLQuery.decode` (`+` is a space).
    public init(encoded: String) {
        self.fields = URLQuery.fields(encoded)
    }

    public static func parse(_ request: Request, limit: Int = 64 * 1024) async throws -> FormBody {
        let buffer = try await JSONBody.collect(request, limit: limit)
        return FormBody(encoded: String(buffer: buffer))
    }

    public subscript(name: String) -> String? { fields[name]?.first }

    public func all(_ name: String) -> [String] { fields[name] ?? [] }

    /// A trimmed value, nil when empty.
    public func text(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }
}

extension FormBody {
    /// The submitted fields as plain strings, to show a refused form again.
    public var values: [String: String] {
        fields.compactMapValues(\.first).filter { $0.key != "_csrf" && $0.key != "password" }
    }

    /// A whole number field; empty means absent, anything else unreadable is reported on the field.
    public func integer(_ name: String, into validator: inout Validator) -> Int? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            validator.add(name, "Enter a whole number.", code: "whole_number")
            return nil
        }
        return value
    }

    /// An amount typed in major units ("120", "120.5", "120,50") as minor units.
    public func money(_ name: String, into validator: inout Validator) -> Int? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard let value = Self.minorUnits(text) else {
            validator.add(name, "Enter an amount such as 120.00.", code: "amount_format")
            return nil
        }
        return value
    }

    /// An amount in whole units of `currency` typed as the page writes it (`PageFormat.wholeAmount`): on a
    /// Spanish page `150000`, `150.000` and `$ 150.000` are 150000 pesos. Empty means absent; cents or
    /// anything unreadable is reported on the field with the code `whole_amount`.
    public func wholeAmount(_ name: String, currency: String, locale: PatioLocale, into validator: inout Validator) -> Int? {
        guard let text = text(name) else { return nil }
        guard let value = PageFormat.wholeAmount(text, currency: currency, locale: locale) else {
            validator.add(
                name, "Enter a whole amount without cents, such as \(PageFormat.money(whole: 150_000, currency: currency, locale: locale)).",
                code: "whole_amount")
            return nil
        }
        return value
    }

    public func uuid(_ name: String) -> UUID? { text(name).flatMap(UUID.init(uuidString:)) }
}

extension FormBody {
    /// Parses "120", "120.5", "120,50" into minor units; nil for anything else.
    public static func minorUnits(_ text: String) -> Int? {
        let normalised = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = normalised.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), whole >= 0, whole < 10_000_000 else { return nil }
        guard parts.count == 2 else { return whole * 100 }
        let fraction = String(parts[1])
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isNumber), let cents = Int(fraction.count == 1 ? fraction + "0" : fraction)
        else { return nil }
        return whole * 100 + cents
    }
}
