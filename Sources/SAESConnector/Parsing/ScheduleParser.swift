import Foundation
import HTMLQuery

/// One weekly class meeting read from a day cell.
public struct SAESClassMeeting: Sendable, Hashable, Codable {
    /// 1 is Monday … 6 is Saturday.
    public var weekday: Int
    /// `HH:mm`, 24-hour.
    public var start: String
    public var end: String
    public var building: String?
    public var room: String?

    public init(weekday: Int, start: String, end: String, building: String?, room: String?) {
        self.weekday = weekday
        self.start = start
        self.end = end
        self.building = building
        self.room = room
    }
}

/// One subject's row on the schedule page.
public struct SAESScheduleRow: Sendable, Hashable, Codable {
    public var group: String
    public var subject: String
    public var teacher: String
    public var meetings: [SAESClassMeeting]

    public init(group: String, subject: String, teacher: String, meetings: [SAESClassMeeting]) {
        self.group = group
        self.subject = subject
        self.teacher = teacher
        self.meetings = meetings
    }
}

/// Reads `GV_Horario` (`Horario_Alumno.aspx`): columns found by their headers, so Saturday and separate
/// `Edificio`/`Salón` columns are optional; a day cell may hold several ranges and the room.
public enum ScheduleParser {
    static let days = ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado"]

    public static func parse(_ html: String) -> ParsedPage<[SAESScheduleRow]> {
        let document = HTMLDocument(html: html)
        guard let table = SAESElementIDs.element("GV_Horario", in: document) else {
            return .unreadable("The schedule table (GV_Horario) is not on the page.")
        }
        let rows = SAESElementIDs.rows(of: table)
        guard let headerIndex = rows.firstIndex(where: { $0.cells.contains { HTMLText.folded($0.cleanText) == "lunes" } }) else {
            return .unreadable("The schedule table has no header row naming the days.")
        }
        let header = rows[headerIndex].cells.map { HTMLText.folded($0.cleanText) }
        func column(_ matches: (String) -> Bool) -> Int? { header.firstIndex(where: matches) }
        let group = column { $0.hasPrefix("grupo") || $0.hasPrefix("gpo") }
        let subject = column { $0.hasPrefix("materia") || $0.hasPrefix("asignatura") }
        let teacher = column { $0.hasPrefix("profesor") }
        let building = column { $0.hasPrefix("edificio") }
        let room = column { $0.hasPrefix("salon") }
        let dayColumns = days.enumerated().compactMap { day, name in column { $0 == name }.map { (weekday: day + 1, column: $0) } }
        guard let subject else { return .unreadable("The schedule table has no Materia column.") }

        var schedule: [SAESScheduleRow] = []
        var problems: [String] = []
        for (index, entry) in rows.enumerated() where index > headerIndex {
            let texts = entry.cells.map(\.text)
            let clean = texts.map(HTMLText.collapsingSpaces)
            if clean.allSatisfy({ $0.isEmpty || $0 == "-" }) { continue }
            guard texts.count == header.count else {
                problems.append("Row \(index + 1) has \(texts.count) cells instead of \(header.count); it was left out.")
                continue
            }
            let rowBuilding = building.map { clean[$0] }.flatMap(nonEmpty)
            let rowRoom = room.map { clean[$0] }.flatMap(nonEmpty)
            var meetings: [SAESClassMeeting] = []
            for (weekday, dayColumn) in dayColumns {
                let cell = DayCell(texts[dayColumn])
                if cell.ranges.isEmpty && !cell.isBlank {
                    problems.append("Row \(index + 1): “\(clean[dayColumn].prefix(40))” has no time range; the day was left out.")
                }
                for range in cell.ranges {
                    guard let start = range.start, let end = range.end, start < end else {
                        problems.append("Row \(index + 1): “\(range.text)” is not a time range; it was left out.")
                        continue
                    }
                    meetings.append(SAESClassMeeting(weekday: weekday, start: start, end: end,
                                                     building: cell.building ?? rowBuilding, room: cell.room ?? rowRoom))
                }
            }
            schedule.append(SAESScheduleRow(
                group: group.map { clean[$0] } ?? "", subject: clean[subject],
                teacher: teacher.map { clean[$0] } ?? "", meetings: meetings
            ))
        }
        return ParsedPage(value: schedule, problems: problems)
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty || text == "-" ? nil : text
    }
}

/// A day cell: `7:00 - 8:30<br>Edif: 2 - Salón: 109`, or several ranges (`7:00 - 8:30 10:00 - 11:30`).
struct DayCell {
    struct TimeRange {
        let text: String
        let start: String?
        let end: String?
    }

    var ranges: [TimeRange] = []
    var building: String?
    var room: String?
    var isBlank: Bool

    init(_ text: String) {
        let clean = HTMLText.collapsingSpaces(text)
        isBlank = clean.isEmpty || clean == "-"
        for match in clean.matches(of: /([0-9]+):([0-9]+)\s*-\s*([0-9]+):([0-9]+)/) {
            let (_, startHour, startMinute, endHour, endMinute) = match.output
            ranges.append(TimeRange(
                text: String(match.output.0),
                start: Self.time(hour: startHour, minute: startMinute),
                end: Self.time(hour: endHour, minute: endMinute)
            ))
        }
        for line in text.split(separator: "\n") {
            if let match = HTMLText.collapsingSpaces(String(line)).firstMatch(of: /Edif:\s*(.+?)\s*-\s*Sal[oó]n:\s*(.+)/) {
                building = String(match.output.1)
                room = String(match.output.2).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// `7`, `05` → `07:05`; nil unless it is a time of day.
    static func time(hour: Substring, minute: Substring) -> String? {
        guard hour.count <= 2, minute.count == 2, let h = Int(hour), let m = Int(minute), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return String(format: "%02d:%02d", h, m)
    }
}
