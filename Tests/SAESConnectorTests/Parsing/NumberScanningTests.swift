import Foundation
import HTMLQuery
import Testing
@testable import SAESConnector

/// Times, rooms and averages are read by hand-written scanners (a regex literal is compiled again on every
/// evaluation, far too slow for a page of cells). The regular expressions they replace are the reference:
/// on thousands of generated cells both must read the same.
@Suite("Reading times, rooms and averages: the scanners agree with the regular expressions they replace")
struct NumberScanningTests {
    static let fragments = [
        "7", "07", "8", "10", "123", ":", "00", "30", "5", " ", "  ", "-", " - ", "–", ",", ".", "Edif:", "Edif: ",
        "Salón:", "Salon:", " Salón: ", "A", "2", "109", "LAB", "é", "\n", "\u{A0}", "Promedio:", "9,5", "8.53",
        "7:00", "8:30", "7:00 - 8:30", "10:00-11:30", "12:", ":5 -",
    ]

    static func cells(_ count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in fragments.randomElement(using: &generator) ?? "" }.joined()
        }
    }

    @Test("time ranges: every H:MM - H:MM in a cell, in order, the same as the regex finds")
    func timeRanges() {
        var found = 0
        for cell in Self.cells(4_000, seed: 11) + ["7:00 - 8:30 10:00-11:30", "x17:5-9:05", "12:00 -", "1:2 - 3:4 - 5:6"] {
            let clean = cell.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            let expected = clean.matches(of: /([0-9]+):([0-9]+)\s*-\s*([0-9]+):([0-9]+)/).map { String($0.output.0) }
            #expect(DayCell.timeRanges(in: clean).map(\.text) == expected, "\(clean)")
            found += expected.count
        }
        // The generated cells do hold ranges: the comparison is not between two empty lists.
        #expect(found > 100)
        #expect(DayCell.timeRanges(in: "7:00 - 8:30 10:00-11:30").map(\.start) == ["07:00", "10:00"])
    }

    @Test("building and room: what follows Edif: up to the first '- Salón:', the rest as the room")
    func buildingAndRoom() {
        var found = 0
        for cell in Self.cells(4_000, seed: 12) + ["Edif: A-1 - Salón: 2", "Edif: 2 - Salon: 109", "Edif:  - Salón: 3"] {
            let line = cell.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            let expected = line.firstMatch(of: /Edif:\s*(.+?)\s*-\s*Sal[oó]n:\s*(.+)/).map {
                (String($0.output.1).trimmingCharacters(in: .whitespaces), String($0.output.2).trimmingCharacters(in: .whitespaces))
            }
            let read = DayCell.buildingAndRoom(in: line)
            // The regex lets a building be blank space; Patio refuses a blank building or room instead.
            if let expected, !expected.0.isEmpty, !expected.1.isEmpty {
                #expect(read?.building == expected.0 && read?.room == expected.1, "\(line)")
                found += 1
            } else {
                #expect(read == nil, "\(line)")
            }
        }
        #expect(found > 20)
    }

    @Test("averages: the first number with one or two digits and up to two decimals after a point or comma, at most 10")
    func hundredths() {
        for text in Self.cells(4_000, seed: 13) {
            let expected = text.firstMatch(of: /([0-9]{1,2})(?:[.,]([0-9]{1,2}))?/).flatMap { match -> Int? in
                let whole = Int(match.output.1) ?? 0
                let fraction = match.output.2.map { $0.count == 1 ? (Int($0) ?? 0) * 10 : Int($0) ?? 0 } ?? 0
                return whole * 100 + fraction <= 1000 ? whole * 100 + fraction : nil
            }
            #expect(SpanishNumber.hundredths(in: text) == expected, "\(text)")
        }
        #expect(SpanishNumber.hundredths(in: "Promedio: 8,5") == 850 && SpanishNumber.hundredths(in: "10.00") == 1000)
        #expect(SpanishNumber.hundredths(in: "10,5") == nil && SpanishNumber.hundredths(in: "sin promedio") == nil)
    }

    /// The first way marks were read, with Foundation's trimming and replacing: the reference for the scanner.
    static func referenceMark(_ cell: String) -> SAESMark? {
        let text = cell.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty || text == "-" || text == "--" { return SAESMark.none }
        if text.uppercased() == "NP" || text.uppercased().hasPrefix("NP ") { return .notPresented }
        let leading = text.prefix { !$0.isWhitespace }
        let parts = leading.replacingOccurrences(of: ",", with: ".").split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...2).contains(whole.count),
            whole.allSatisfy({ $0.isASCII && $0.isNumber }), let units = Int(whole)
        else { return nil }
        var tenths = units * 10
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                let first = fraction.first, let digit = Int(String(first)), fraction.count == 1 || fraction.last == "0"
            else { return nil }
            tenths += digit
        }
        return (0...100).contains(tenths) ? .tenths(tenths) : nil
    }

    @Test("marks: a number 0–10 with one decimal (8.50 allowed), NP, dash or empty, the same as the first reading")
    func marks() {
        var numbers = 0
        let markPieces = ["8", "10", "5", "0", "100", ".", ",", "50", "5", " ", "\u{A0}", "\n", "NP", "np", "-", "--", "Aprobado", "x", "9.5.1"]
        var generator = SeededGenerator(state: 14)
        for _ in 0..<4_000 {
            let cell = (0..<Int.random(in: 0...4, using: &generator)).map { _ in markPieces.randomElement(using: &generator) ?? "" }.joined()
            // The first reading took only a plain space after NP; any white space counts now, as it does in a browser.
            let expected = Self.referenceMark(HTMLText.collapsingSpaces(cell))
            #expect(SAESMark(cell: cell) == expected, "\(Array(cell.unicodeScalars))")
            if case .tenths = expected { numbers += 1 }
        }
        #expect(numbers > 200)
    }
}
