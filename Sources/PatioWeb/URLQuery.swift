import Foundation
import Hummingbird
import PatioCore

/// What people type travelling through addresses and forms, both ways, for every page alike.
///
/// - `value(_:)` writes a value into a link (`?q=…`): percent-encoded so that what a person typed — `&`,
///   `#`, `+`, spaces — comes back as the same search on the next page.
/// - `decode(_:)` reads one name or value of `application/x-www-form-urlencoded` text, which is what a
///   browser sends for a form: in the body of a POST (`FormBody`) and in the query of a GET search
///   (`Request.pageQuery`). There `+` is a space (`?q=santa+marta` searches for "santa marta"), `%2B` a
///   plus, and an escape that names no byte (`%zz`, a `%` at the end) is kept as typed, never a failure.
///
/// Only pages read `+` as a space. The API keeps RFC 3986's reading, where `+` is a plus sign: the contract
/// documents plain query strings, and its clients send a space as `%20`.
public enum URLQuery {
    public static func value(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")

    /// One name or value as typed: `+` a space, `%XX` the byte it names. Bytes that do not make UTF-8
    /// become U+FFFD (`%FF`), so whatever arrives reads as text.
    public static func decode(_ encoded: some StringProtocol) -> String {
        let input = Array(encoded.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < input.count, let high = Hex.value(of: input[index + 1]),
                let low = Hex.value(of: input[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name=value&name=value` as each name's values in order; a name without `=` has an empty value.
    public static func fields(_ encoded: some StringProtocol) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[decode(parts[0]), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return fields
    }
}

extension Request {
    /// The query of a page's address, read as the GET form that wrote it (`URLQuery.decode`): every page
    /// handler reads what a person typed here, not through `uri.queryParameters`, which leaves `+` a plus.
    public var pageQuery: FormBody { FormBody(encoded: uri.query ?? "") }
}
