import Foundation
import HTMLQuery

/// One subject on the kardex.
public struct SAESKardexLine: Sendable, Hashable, Codable {
    public var code: String
    public var subject: String
    /// `yyyy-MM-dd`, or `yyyy-MM` when SAES gives only the month; nil when the page gives no readable date.
    public var date: String?
    /// The school period, as SAES writes it (`21/1`).
    public var period: String
    /// `ORD`, `EXT` or `ETS`.
    public var assessment: String
    public var mark: SAESMark

    public init(code: String, subject: String, date: String?, period: String, assessment: String, mark: SAESMark) {
        self.code = code
        self.subject = subject
        self.date = date
        self.period = period
        self.assessment = assessment
        self.mark = mark
    }
}

/// One semester's table on the kardex.
public struct SAESKardexSemester: Sendable, Hashable, Codable {
    /// As SAES titles it (`PRIMER SEMESTRE`).
    public var title: String
    public var lines: [SAESKardexLine]

    public init(title: String, lines: [SAESKardexLine]) {
        self.title = title
        self.lines = lines
    }
}

/// The kardex page (`kardex.aspx`).
public struct SAESKardex: Sendable, Hashable, Codable {
    public var studentName: String?
    public var career: String?
    public var plan: String?
    /// SAES's own overall average, in hundredths (8,5 is 850); nil when the page does not show one.
    public var averageHundredths: Int?
    public var semesters: [SAESKardexSemester]

    public init(studentName: String?, career: String?, plan: String?, averageHundredths: Int?, semesters: [SAESKardexSemester]) {
        self.studentName = studentName
        self.career = career
        self.plan = plan
        self.averageHundredths = averageHundredths
        self.semesters = semesters
    }
}

/// Reads `Panel1`: the labels, then one table per semester inside `Lbl_Kardex` (title row, header row
/// `Clave | Materia | Fecha | Periodo | Forma Eval | Calif` or `… | Forma Eval. | Calificacion`, then one row
/// per subject).
public enum KardexParser {
    public static func parse(_ html: String) -> ParsedPage<SAESKardex> {
        let document = HTMLDocument(html: html)
        guard let container = SAESElementIDs.element("Lbl_Kardex", in: document) else {
            return .unreadable("The kardex (Lbl_Kardex) is not on the page.")
        }
        var problems: [String] = []
        var average: Int?
        if let text = SAESElementIDs.label("Lbl_Promedio", in: document), !text.isEmpty {
            average = SpanishNumber.hundredths(in: text)
            if average == nil { problems.append("The average “\(text.prefix(40))” is not a number.") }
        }
        var kardex = SAESKardex(
            studentName: SAESElementIDs.element("Lbl_Nombre", in: document).flatMap(studentName),
            career: SAESElementIDs.label("Lbl_Carrera", in: document).flatMap(nonEmpty),
            plan: SAESElementIDs.label("Lbl_Plan", in: document).flatMap(nonEmpty),
            averageHundredths: average, semesters: []
        )
        // One table per semester; a table holding other tables is layout, not a semester, and one without a
        // single six-cell row (the "solamente informativo" notice some schools put inside the panel) is no semester.
        for table in container.select(".//table[not(.//table)]") {
            let rows = SAESElementIDs.rows(of: table)
            guard let titleRow = rows.first, rows.contains(where: { $0.cells.count == 6 }) else { continue }
            var semester = SAESKardexSemester(title: titleRow.cells.map(\.cleanText).joined(separator: " "), lines: [])
            for (index, entry) in rows.enumerated().dropFirst() {
                let cells = entry.cells.map(\.cleanText)
                if cells.first?.uppercased() == "CLAVE" { continue }
                guard cells.count == 6 else {
                    if !cells.allSatisfy(\.isEmpty) {
                        problems.append("\(semester.title), row \(index + 1) has \(cells.count) cells instead of 6; it was left out.")
                    }
                    continue
                }
                var date: String?
                if !cells[2].isEmpty {
                    date = SpanishDate.read(cells[2])
                    if date == nil { problems.append("\(semester.title), \(cells[0]): the date “\(cells[2].prefix(20))” is not a date.") }
                }
                var mark = SAESMark(cell: cells[5])
                if mark == nil {
                    problems.append("\(semester.title), \(cells[0]): “\(cells[5].prefix(20))” is not a grade; it was left empty.")
                    mark = SAESMark.none
                }
                semester.lines.append(
                    SAESKardexLine(
                        code: cells[0], subject: cells[1], date: date, period: cells[3],
                        assessment: cells[4].uppercased(), mark: mark ?? .none
                    ))
            }
            kardex.semesters.append(semester)
        }
        return ParsedPage(value: kardex, problems: problems)
    }

    private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// The name in `Lbl_Nombre`: its text, or — where a school puts a small `BOLETA: … NOMBRE: …` table in the
    /// label — the cell after `NOMBRE:`, so neither the labels nor the boleta become part of the name.
    static func studentName(_ label: HTMLElement) -> String? {
        for row in label.select(".//tr") {
            let cells = row.children.filter { $0.name == "td" || $0.name == "th" }
            if cells.count >= 2, TableHeader.name(cells[0].cleanText).hasPrefix("nombre") {
                return nonEmpty(cells[1].cleanText)
            }
        }
        let text = label.cleanText
        if let labelEnd = text.range(of: "NOMBRE:", options: .caseInsensitive) {
            return nonEmpty(text[labelEnd.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        return nonEmpty(text)
    }
}

/// Numbers as SAES writes them, with a decimal comma or point.
enum SpanishNumber {
    /// The first number in `text` in hundredths: `8,5` → 850, `Promedio: 8.53` → 853. Nil when there is no
    /// number from 0 to 10 with at most two decimals.
    static func hundredths(in text: String) -> Int? {
        var scanner = ByteScanner(text)
        while !scanner.atEnd && !scanner.isDigit(at: scanner.position) { scanner.position += 1 }
        guard let wholeDigits = scanner.digits(limit: 2), let whole = Int(wholeDigits) else { return nil }
        var fraction = 0
        let separator = scanner.position
        if scanner.eat(UInt8(ascii: ".")) || scanner.eat(UInt8(ascii: ",")), !scanner.isDigit(at: scanner.position) { scanner.position = separator }
        if scanner.position > separator, let digits = scanner.digits(limit: 2) {
            guard let value = Int(digits) else { return nil }
            fraction = digits.count == 1 ? value * 10 : value
        }
        let value = whole * 100 + fraction
        return value <= 1000 ? value : nil
    }
}

/// Dates as SAES writes them on the kardex: `JUN 12 2019` (Spanish month abbreviations) or `06/2019`.
enum SpanishDate {
    static let months = ["ENE", "FEB", "MAR", "ABR", "MAY", "JUN", "JUL", "AGO", "SEP", "OCT", "NOV", "DIC"]

    /// `yyyy-MM-dd` or `yyyy-MM`; nil for anything that is not a real date.
    static func read(_ text: String) -> String? {
        let words = text.uppercased().split(whereSeparator: { $0 == " " || $0 == "\u{A0}" })
        if words.count == 3, let month = months.firstIndex(of: String(words[0].prefix(3))).map({ $0 + 1 }),
            let day = Int(words[1]), words[2].count == 4, let year = Int(words[2]), (1900...2100).contains(year),
            (1...daysIn(month: month, year: year)).contains(day)
        {
            return "\(year)-\(ByteScanner.twoDigits(month))-\(ByteScanner.twoDigits(day))"
        }
        let parts = text.split(separator: "/")
        if parts.count == 2, parts[1].count == 4, let month = Int(parts[0]), let year = Int(parts[1]), (1...12).contains(month),
            (1900...2100).contains(year)
        {
            return "\(year)-\(ByteScanner.twoDigits(month))"
        }
        return nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
