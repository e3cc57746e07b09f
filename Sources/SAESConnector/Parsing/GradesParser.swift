import Foundation
import HTMLQuery

/// One subject's row on the grades page.
public struct SAESGradeRow: Sendable, Hashable, Codable {
    public var group: String
    /// The subject's clave when the cell carries one (`C501-CALCULO INTEGRAL`, `C205 - ECUACIONES`), otherwise nil.
    public var subjectCode: String?
    public var subject: String
    /// The partials, in order (three on every page seen).
    public var partials: [SAESMark]
    public var extraordinary: SAESMark
    public var final: SAESMark

    public init(group: String, subjectCode: String?, subject: String, partials: [SAESMark], extraordinary: SAESMark, final: SAESMark) {
        self.group = group
        self.subjectCode = subjectCode
        self.subject = subject
        self.partials = partials
        self.extraordinary = extraordinary
        self.final = final
    }
}

/// The grades page (`calificaciones_sem.aspx`).
public struct SAESGrades: Sendable, Hashable, Codable {
    public var rows: [SAESGradeRow]
    /// SAES withholds grades until the student evaluates their teachers.
    public var evaluationRequired: Bool

    public init(rows: [SAESGradeRow], evaluationRequired: Bool) {
        self.rows = rows
        self.evaluationRequired = evaluationRequired
    }
}

/// Reads `GV_Calif`: one row per subject. Columns are found by their headers (`Gpo`/`Grupo`, `Materia`, each
/// `Parcial`, `Ext`, `Final`, dot leaders or not); a header without group, subject or final makes the table
/// unreadable, and a header column Patio does not know is named in the problems. A table without a header
/// row is read as `Grupo | Materia | 1er Parcial | 2o Parcial | 3er Parcial | Ext | Final`.
public enum GradesParser {
    /// The problem a page withholding the grades for the teacher evaluation carries.
    public static let withheld = "SAES withholds the grades until the teacher evaluation is done."

    /// Where each part of a row is.
    struct Columns {
        var group = 0, subject = 1, partials = [2, 3, 4], extraordinary = 5, final = 6
        var count = 7

        /// Columns named by a header row, nil when a column every row needs is not among them.
        init?(header: TableHeader) {
            guard let group = header.column({ $0.hasPrefix("grupo") || $0.hasPrefix("gpo") }),
                let subject = header.column({ $0.hasPrefix("materia") || $0.hasPrefix("asignatura") }),
                let final = header.column({ $0.hasPrefix("final") || $0.hasPrefix("calificacion final") })
            else { return nil }
            self.group = group
            self.subject = subject
            self.final = final
            partials = header.columns { $0.contains("parcial") }
            extraordinary = header.column { $0.hasPrefix("ext") } ?? -1
            count = header.names.count
        }

        init() {}

        var known: Set<Int> { Set([group, subject, extraordinary, final] + partials) }
    }

    public static func parse(_ html: String) -> ParsedPage<SAESGrades> {
        let document = HTMLDocument(html: html)
        let evaluationRequired = EvaluationParser.isRequired(html: html, document: document)
        guard let table = SAESElementIDs.element("GV_Calif", in: document) else {
            // Not "no grades": SAES holds them back, and the page says nothing of what they are.
            if evaluationRequired { return ParsedPage(value: SAESGrades(rows: [], evaluationRequired: true), problems: [withheld]) }
            return .unreadable("The grades table (GV_Calif) is not on the page.")
        }
        var grades = SAESGrades(rows: [], evaluationRequired: evaluationRequired)
        var problems: [String] = []
        let rows = SAESElementIDs.rows(of: table)
        var columns = Columns()
        var firstRow = 0
        if let first = rows.first, isHeader(first.cells) {
            let header = TableHeader(first.cells)
            guard let named = Columns(header: header) else {
                return .unreadable(
                    "The grades table's columns (\(header.names.joined(separator: ", ").prefix(120))) are not group, subject and final grade.")
            }
            columns = named
            problems += header.unread(named.known)
            firstRow = 1
        }
        for (index, entry) in rows.enumerated().dropFirst(firstRow) {
            let cells = entry.cells.map(\.cleanText)
            guard cells.count == columns.count else {
                if !cells.isEmpty { problems.append("Row \(index + 1) has \(cells.count) cells instead of \(columns.count); it was left out.") }
                continue
            }
            func mark(_ column: Int) -> SAESMark {
                guard cells.indices.contains(column) else { return .none }
                if let mark = SAESMark(cell: cells[column]) { return mark }
                problems.append("Row \(index + 1), column \(column + 1): “\(cells[column].prefix(40))” is not a grade; it was left empty.")
                return .none
            }
            let subject = SubjectCell(cells[columns.subject])
            grades.rows.append(
                SAESGradeRow(
                    group: cells[columns.group], subjectCode: subject.code, subject: subject.name,
                    partials: columns.partials.map(mark), extraordinary: mark(columns.extraordinary), final: mark(columns.final)
                ))
        }
        return ParsedPage(value: grades, problems: problems)
    }

    /// A header row: header cells, or a first cell naming the group.
    private static func isHeader(_ cells: [HTMLElement]) -> Bool {
        if !cells.isEmpty && cells.allSatisfy({ $0.name == "th" }) { return true }
        guard let first = cells.first.map({ TableHeader.name($0.cleanText) }) else { return false }
        return first.hasPrefix("grupo") || first.hasPrefix("gpo")
    }
}
