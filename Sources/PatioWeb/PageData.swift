/// What a page template receives, cleaned of absent values.
///
/// A page's data is `[String: Any]`, and an optional put in it (`capacity as Any`) stays there as an
/// `Optional.none` that Mustache treats as present: `{{#capacity}}` opens and `{{capacity}}` prints `nil`
/// ("Cupo nil", `cursor=nil`). Cleaning removes every absent value and unwraps every present one, in nested
/// dictionaries and lists too, so an absent value is simply not there: its sections stay closed, inverted
/// sections open, and nothing prints.
public enum PageData {
    public static func clean(_ data: [String: Any]) -> [String: Any] {
        data.compactMapValues(cleanValue)
    }

    static func cleanValue(_ value: Any) -> Any? {
        if let optional = value as? any AbsentOrPresent {
            guard let wrapped = optional.presentValue else { return nil }
            return cleanValue(wrapped)
        }
        if let dictionary = value as? [String: Any] { return clean(dictionary) }
        if let list = value as? [Any] { return list.compactMap(cleanValue) }
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
