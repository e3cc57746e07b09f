import HTMLQuery

/// How full a group is (`Ocupabilidad_grupos.aspx`).
public struct SAESGroupOccupancy: Sendable, Hashable, Codable {
    public var group: String
    public var subjectCode: String
    public var subject: String
    public var semester: String
    public var quota: Int
    public var enrolled: Int

    public init(group: String, subjectCode: String, subject: String, semester: String, quota: Int, enrolled: Int) {
        self.group = group
        self.subjectCode = subjectCode
        self.subject = subject
        self.semester = semester
        self.quota = quota
        self.enrolled = enrolled
    }
}

/// Reads `GrvOcupabilidad`: group, subject key, subject, semester, quota, enrolled.
public enum OccupancyParser {
    public static func parse(_ html: String) -> ParsedPage<[SAESGroupOccupancy]> {
        let document = HTMLDocument(html: html)
        guard let table = SAESElementIDs.element("GrvOcupabilidad", in: document) else {
            return .unreadable("The occupancy table (GrvOcupabilidad) is not on the page.")
        }
        var groups: [SAESGroupOccupancy] = []
        var problems: [String] = []
        for (index, entry) in SAESElementIDs.rows(of: table).enumerated() {
            let cells = entry.cells.map(\.cleanText)
            if index == 0, HTMLText.folded(cells.first ?? "").hasPrefix("grupo") { continue }
            guard cells.count == 6 else {
                if !cells.isEmpty { problems.append("Row \(index + 1) has \(cells.count) cells instead of 6; it was left out.") }
                continue
            }
            guard let quota = Int(cells[4]), let enrolled = Int(cells[5]), quota >= 0, enrolled >= 0 else {
                problems.append(
                    "Row \(index + 1): quota “\(cells[4].prefix(10))” or enrolled “\(cells[5].prefix(10))” is not a count; it was left out.")
                continue
            }
            groups.append(
                SAESGroupOccupancy(
                    group: cells[0], subjectCode: cells[1], subject: cells[2], semester: cells[3],
                    quota: quota, enrolled: enrolled))
        }
        return ParsedPage(value: groups, problems: problems)
    }
}
