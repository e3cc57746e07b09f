import Foundation
import HTMLQuery

/// A teacher the student still has to evaluate before SAES shows their grades.
public struct SAESTeacherToEvaluate: Sendable, Hashable, Codable {
    public var group: String
    public var subject: String
    public var teacher: String
    /// The teacher's evaluation form as the page links it (relative to the evaluation page), nil when the row
    /// has no link. Patio shows it; it never fills an evaluation in.
    public var link: String?

    public init(group: String, subject: String, teacher: String, link: String?) {
        self.group = group
        self.subject = subject
        self.teacher = teacher
        self.link = link
    }
}

/// The teacher-evaluation list (`califica_profe.aspx`, table `GV_Profe`) and the signs on other pages that
/// SAES wants it done first.
public enum EvaluationParser {
    /// True when a page says grades are withheld until the teachers are evaluated.
    public static func isRequired(html: String) -> Bool {
        isRequired(html: html, document: HTMLDocument(html: html))
    }

    static func isRequired(html: String, document: HTMLDocument) -> Bool {
        html.contains("evalues a tus PROFESORES") || SAESElementIDs.element("Btn_Evaluar", in: document) != nil
    }

    public static func parse(_ html: String) -> ParsedPage<[SAESTeacherToEvaluate]> {
        let document = HTMLDocument(html: html)
        guard let table = SAESElementIDs.element("GV_Profe", in: document) else {
            return .unreadable("The list of teachers to evaluate (GV_Profe) is not on the page.")
        }
        var teachers: [SAESTeacherToEvaluate] = []
        var problems: [String] = []
        for (index, entry) in SAESElementIDs.rows(of: table).enumerated() {
            if entry.cells.allSatisfy({ $0.name == "th" }) { continue }
            let texts = entry.cells.map(\.cleanText)
            if index == 0, let first = texts.first, HTMLText.folded(first).hasPrefix("grupo") { continue }
            guard texts.count >= 3 else {
                problems.append("Row \(index + 1) has \(texts.count) cells instead of 4; it was left out.")
                continue
            }
            let link = entry.row.first(".//a[@href]")?.attribute("href")
            teachers.append(SAESTeacherToEvaluate(group: texts[0], subject: texts[1], teacher: texts[2], link: link))
        }
        return ParsedPage(value: teachers, problems: problems)
    }
}
