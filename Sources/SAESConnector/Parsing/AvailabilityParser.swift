import HTMLQuery

/// One group offered, as `horarios.aspx` lists it.
public struct SAESOfferedGroup: Sendable, Hashable, Codable {
    public var group: String
    public var subject: String
    public var teacher: String
    public var building: String
    public var room: String
    /// Monday to Saturday, each as SAES writes it (`7:00 - 8:30`) or empty.
    public var times: [String]

    public init(group: String, subject: String, teacher: String, building: String, room: String, times: [String]) {
        self.group = group
        self.subject = subject
        self.teacher = teacher
        self.building = building
        self.room = room
        self.times = times
    }
}

/// The course-availability page: its filters (which change when the career changes) and, after a search,
/// the groups.
public struct SAESAvailability: Sendable, Hashable, Codable {
    /// The page's hidden fields and lists, to post the next filter change back.
    public var form: WebForm
    public var groups: [SAESOfferedGroup]

    /// Names of the filter lists in the form.
    public enum Filter: String, Sendable, CaseIterable {
        case career = "ctl00$mainCopy$Filtro$cboCarrera"
        case shift = "ctl00$mainCopy$Filtro$cboTurno"
        case periods = "ctl00$mainCopy$Filtro$lsNoPeriodos"
        case plan = "ctl00$mainCopy$Filtro$cboPlanEstud"
        case sequences = "ctl00$mainCopy$lsSecuencias"
    }

    /// The options of one filter list (empty when the page has not got it).
    public func options(_ filter: Filter) -> [FormOption] {
        form.selects[filter.rawValue]?.options ?? []
    }

    /// The option the page has selected in a filter list.
    public func selected(_ filter: Filter) -> String? {
        form.selects[filter.rawValue]?.selected
    }
}

/// Reads `horarios.aspx`: the filter form always, the `dbgHorarios` table (11 cells per row) when a search
/// was made. A row of any other count is named in the problems and left out; blank padding rows are skipped.
public enum AvailabilityParser {
    public static func parse(_ html: String) -> ParsedPage<SAESAvailability> {
        let document = HTMLDocument(html: html)
        let form = WebForm(document: document)
        guard form.selects[SAESAvailability.Filter.career.rawValue] != nil else {
            return .unreadable("The course-availability filters (cboCarrera) are not on the page.")
        }
        var groups: [SAESOfferedGroup] = []
        var problems: [String] = []
        if let table = SAESElementIDs.element("dbgHorarios", in: document) ?? document.first("//table[@id='dbgHorarios']") {
            for (index, entry) in SAESElementIDs.rows(of: table).enumerated() {
                let cells = entry.cells.map(\.cleanText)
                if index == 0, HTMLText.folded(cells.first ?? "").hasPrefix("grupo") || entry.cells.allSatisfy({ $0.name == "th" }) { continue }
                // GridView pads the table with blank rows; they are no group.
                if cells.allSatisfy({ $0.isEmpty || $0 == "-" }) { continue }
                guard cells.count == 11 else {
                    problems.append("Row \(index + 1) has \(cells.count) cells instead of 11; it was left out.")
                    continue
                }
                groups.append(
                    SAESOfferedGroup(
                        group: cells[0], subject: cells[1], teacher: cells[2], building: cells[3],
                        room: cells[4], times: Array(cells[5...10])))
            }
        }
        return ParsedPage(value: SAESAvailability(form: form, groups: groups), problems: problems)
    }
}
