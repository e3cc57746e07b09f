import Mustache

/// What a page template receives, cleaned of absent values.
///
/// A page's data is `[String: Any]`, and an optional put in it (`capacity as Any`) stays there as an
/// `Optional.none` that Mustache treats as present: `{{#capacity}}` opens and `{{capacity}}` prints `nil`
/// ("Cupo nil", `cursor=nil`). An empty string is present to Mustache too, so `{{#refundedText}}−{{…}}`
/// printed a lone minus sign. Cleaning replaces every absent value and every empty string with `absent`,
/// in nested dictionaries and lists too, and unwraps every present optional: an absent value prints
/// nothing, closes its section and opens its inverted section. It stays under its key (rather than being
/// removed) so Mustache does not look the name up in an enclosing section and print that value instead.
public enum PageData {
    public static func clean(_ data: [String: Any]) -> [String: Any] {
        data.mapValues(cleanValue)
    }

    /// A value that is not there: renders as nothing and counts as false.
    public struct Absent: MustacheCustomRenderable, Sendable {
        public var renderText: String { "" }
        public var isNull: Bool { true }
    }

    public static let absent = Absent()

    static func cleanValue(_ value: Any) -> Any {
        if let optional = value as? any AbsentOrPresent {
            guard let wrapped = optional.presentValue else { return absent }
            return cleanValue(wrapped)
        }
        if let text = value as? String { return text.isEmpty ? absent : text }
        if let dictionary = value as? [String: Any] { return clean(dictionary) }
        if let list = value as? [Any] { return list.map(cleanValue) }
        return value
    }
}

/// An `Optional` seen through `Any`.
protocol AbsentOrPresent {
    var presentValue: Any? { get }
}

extension Optional: AbsentOrPresent {
    var presentValue: Any? { self.map { $0 as Any } }
}
