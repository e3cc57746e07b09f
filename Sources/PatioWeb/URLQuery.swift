import Foundation

/// Values written into links on pages (`?q=…`): percent-encoded so that what a person typed — `&`, `#`,
/// `+`, spaces — comes back as the same search on the next page.
public enum URLQuery {
    public static func value(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
}
