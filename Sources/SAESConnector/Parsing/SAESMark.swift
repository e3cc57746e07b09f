import Foundation

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
        let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text == "-" || text == "--" {
            self = .none
            return
        }
        if text.uppercased() == "NP" || text.uppercased().hasPrefix("NP ") {
            self = .notPresented
            return
        }
        let leading = text.prefix { !$0.isWhitespace }
        let parts = leading.replacingOccurrences(of: ",", with: ".").split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...2).contains(whole.count),
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), let units = Int(whole) else { return nil }
        var tenths = units * 10
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let first = fraction.first, let digit = Int(String(first)) else { return nil }
            // SAES writes `8.50` on some pages; only the tenths carry meaning.
            guard fraction.count == 1 || fraction.last == "0" else { return nil }
            tenths += digit
        }
        guard (0...100).contains(tenths) else { return nil }
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
