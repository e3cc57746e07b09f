import Foundation
import HTMLQuery

/// One subject's row on the grades page.
public struct SAESGradeRow: Sendable, Hashable, Codable {
    public var group: String
    /// The subject's key when the school writes `CLAVE - NOMBRE`, otherwise nil.
    public var subjectCode: String?
    public var subject: String
    /// The three partials, in order.
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

/// Reads `GV_Calif`: one row per subject with exactly seven cells
/// (`Grupo | Materia | 1er Parcial | 2o Parcial | 3er Parcial | Ext | Final`).
public enum GradesParser {
    /// The problem a page withholding the grades for the teacher evaluation carries.
    public static let withheld = "SAES withholds the grades until the teacher evaluation is done."

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
        for (index, entry) in SAESElementIDs.rows(of: table).enumerated() {
            let cells = entry.cells.map(\.cleanText)
            if index == 0 && isHeader(cells) { continue }
            guard cells.count == 7 else {
                if !cells.isEmpty { problems.append("Row \(index + 1) has \(cells.count) cells instead of 7; it was left out.") }
                continue
            }
            var marks: [SAESMark] = []
            for (column, text) in cells[2...6].enumerated() {
                if let mark = SAESMark(cell: text) {
                    marks.append(mark)
                } else {
                    problems.append("Row \(index + 1), column \(column + 3): “\(text.prefix(40))” is not a grade; it was left empty.")
                    marks.append(.none)
                }
            }
            let subject = SubjectCell(cells[1])
            grades.rows.append(SAESGradeRow(
                group: cells[0], subjectCode: subject.code, subject: subject.name,
                partials: Array(marks[0...2]), extraordinary: marks[3], final: marks[4]
            ))
        }
        return ParsedPage(value: grades, problems: problems)
    }

    private static func isHeader(_ cells: [String]) -> Bool {
        guard let first = cells.first.map(HTMLText.folded) else { return false }
        return first.hasPrefix("grupo") || first.hasPrefix("gpo")
    }
}

/// A subject cell, which some schools write `CLAVE - NOMBRE`.
struct SubjectCell {
    let code: String?
    let name: String

    init(_ text: String) {
        if let dash = text.range(of: " - ") {
            let code = text[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
            let looksLikeKey = !code.isEmpty && code.count <= 12 && !code.contains(" ")
                && code.contains(where: \.isNumber)
            if looksLikeKey {
                self.code = code
                self.name = text[dash.upperBound...].trimmingCharacters(in: .whitespaces)
                return
            }
        }
        code = nil
        name = text
    }
}
