import Foundation

/// A grade as the school writes it: a number from 0 to 10 with at most one decimal, or `NP` (did not sit the
/// exam). No grade yet is `nil` wherever a `Grade?` appears.
///
/// Numbers are kept in tenths so averages are exact: 8.5 is 85.
enum Grade: Equatable, Hashable, Sendable {
    case tenths(Int)
    case notPresented

    /// A grade passes at 6.0 or more; `NP` never passes.
    static let passingTenths = 60

    /// Reads `8`, `8.5`, ` 10.0 `, `8,5` (a decimal comma, as a Spanish keyboard types it) and `NP` (any case).
    /// Anything else — `10.5`, `8.55`, `-1`, `ocho` — is nil.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.uppercased() == "NP" {
            self = .notPresented
            return
        }
        // A comma is read as the decimal point: "8,5" is 8.5.
        let parts = trimmed.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard (1...2).contains(parts.count), let whole = parts.first, (1...2).contains(whole.count), whole.allSatisfy(\.isASCIIDigit),
            let units = Int(whole)
        else { return nil }
        var tenths = units * 10
        if parts.count == 2 {
            let fraction = parts[1]
            guard fraction.count == 1, let digit = fraction.first, digit.isASCIIDigit, let value = Int(String(digit)) else { return nil }
            tenths += value
        }
        guard (0...100).contains(tenths) else { return nil }
        self = .tenths(tenths)
    }

    /// The school's way of writing it: `8.5`, `10`, `NP`.
    var text: String {
        switch self {
        case .notPresented: return "NP"
        case .tenths(let tenths): return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
        }
    }

    var numericTenths: Int? {
        if case .tenths(let value) = self { return value }
        return nil
    }

    var passes: Bool { (numericTenths ?? 0) >= Self.passingTenths }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// An average of grades, exact until it is shown: the sum of tenths and how many grades made it.
struct GradeAverage: Equatable, Sendable {
    let sumTenths: Int
    let count: Int

    /// The average of the numeric grades among `grades`; `NP` and missing grades are left out. Nil when none
    /// is numeric (the page says "pending").
    init?(_ grades: [Grade?]) {
        let numbers = grades.compactMap { $0?.numericTenths }
        guard !numbers.isEmpty else { return nil }
        sumTenths = numbers.reduce(0, +)
        count = numbers.count
    }

    /// Rounded half up to two decimals, the way the school prints it: 8.25 + 9 → `8.63`.
    var text: String {
        // sum/count tenths, i.e. sum/(10·count) units; in hundredths that is 10·sum/count, rounded half up.
        let hundredths = (sumTenths * 10 * 2 + count) / (count * 2)
        return "\(hundredths / 100).\(String(format: "%02d", hundredths % 100))"
    }
}
