import Foundation
import HTMLQuery

/// A mark as SAES writes it in a grades or kardex cell.
public enum SAESMark: Sendable, Hashable, Codable {
    /// A number from 0 to 10 in tenths (8.5 is 85).
    case tenths(Int)
    /// `NP`: the student did not sit the exam.
    case notPresented
    /// `-` or an empty cell: no grade yet.
    case none

    /// Reads a cell: `9`, `8.5`, `8,5`, `NP`, `-`, empty; text after the number (`8 Aprobado`) is ignored.
    /// Nil for anything else, which the parser reports.
    public init?(cell: String) {
        // White space of any kind is one space after collapsing, so the leading token ends at " ".
        let text = HTMLText.collapsingSpaces(cell)
        if text.isEmpty || text == "-" || text == "--" {
            self = .none
            return
        }
        let upper = text.uppercased()
        if upper == "NP" || upper.hasPrefix("NP ") {
            self = .notPresented
            return
        }
        var scanner = ByteScanner(text.prefix { $0 != " " })
        guard let whole = scanner.digits(limit: 3), whole.count <= 2, let units = Int(whole) else { return nil }
        var tenths = units * 10
        if scanner.eat(UInt8(ascii: ".")) || scanner.eat(UInt8(ascii: ",")) {
            // SAES writes `8.50` on some pages; only the tenths carry meaning.
            guard let fraction = scanner.digits(limit: 3), fraction.count == 1 || (fraction.count == 2 && fraction.last == "0"),
                let digit = fraction.first.flatMap({ Int(String($0)) })
            else { return nil }
            tenths += digit
        }
        guard scanner.atEnd, (0...100).contains(tenths) else { return nil }
        self = .tenths(tenths)
    }

    /// As SAES writes it: `8.5`, `10`, `NP`, or empty for no grade.
    public var text: String {
        switch self {
        case .none: return ""
        case .notPresented: return "NP"
        case .tenths(let tenths): return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
    }
}
