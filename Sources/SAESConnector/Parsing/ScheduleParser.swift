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
    /// The subject's clave when the page gives one (`C203 - CALCULO APLICADO`, or its own `Materia` column
    /// beside `Descripcion`), otherwise nil.
    public var subjectCode: String?
    /// The subject's name, without its clave.
    public var subject: String
    /// The teacher, or several joined by `, ` when the page lists more than one (`A // B`).
    public var teacher: String
    public var meetings: [SAESClassMeeting]

    public init(group: String, subjectCode: String? = nil, subject: String, teacher: String, meetings: [SAESClassMeeting]) {
        self.group = group
        self.subjectCode = subjectCode
        self.subject = subject
        self.teacher = teacher
        self.meetings = meetings
    }
}

/// Reads `GV_Horario` (`Horario_Alumno.aspx`): columns found by their headers, so Saturday and separate
/// `Edificio`/`Salón` columns are optional; a day cell may hold several ranges and the room.
///
/// ESIME Culhuacán's 16-column layout is read too: `Secuencia` is the group, `Materia` the clave and
/// `Descripcion` the name, and a subject with several teachers lists them, their buildings, rooms and each
/// day's ranges slot by slot (`A // B`, `X // X`, `19:00 - 20:30 // 19:00 - 20:30`): a range repeated for each
/// teacher is one meeting. A table without group, subject or day columns is unreadable; a column Patio does not
/// know is named in the problems.
public enum ScheduleParser {
    static let days = ["lunes", "martes", "miercoles", "jueves", "viernes", "sabado"]
    /// ESIME's columns about the student's enrolment, the same on every row: nothing of the schedule.
    static let enrolmentColumns: Set<String> = ["carrera", "plan estud", "especialidad", "periodo escolar"]

    public static func parse(_ html: String) -> ParsedPage<[SAESScheduleRow]> {
        let document = HTMLDocument(html: html)
        guard let table = SAESElementIDs.element("GV_Horario", in: document) else {
            return .unreadable("The schedule table (GV_Horario) is not on the page.")
        }
        let rows = SAESElementIDs.rows(of: table)
        guard let headerIndex = rows.firstIndex(where: { $0.cells.contains { TableHeader.name($0.cleanText) == "lunes" } }) else {
            return .unreadable("The schedule table has no header row naming the days.")
        }
        let header = TableHeader(rows[headerIndex].cells)
        let group = header.column { $0.hasPrefix("grupo") || $0.hasPrefix("gpo") || $0 == "secuencia" }
        let subject = header.column { $0.hasPrefix("materia") || $0.hasPrefix("asignatura") }
        let description = header.column { $0.hasPrefix("descripcion") }
        let teacher = header.column { $0.hasPrefix("profesor") }
        let building = header.column { $0.hasPrefix("edificio") }
        let room = header.column { $0.hasPrefix("salon") }
        let dayColumns = days.enumerated().compactMap { day, name in header.column { $0 == name }.map { (weekday: day + 1, column: $0) } }
        guard let group, let subject else {
            return .unreadable("The schedule table's columns (\(header.names.joined(separator: ", ").prefix(160))) name no group or no subject.")
        }
        let known = Set(
            [group, subject, description, teacher, building, room].compactMap { $0 } + dayColumns.map(\.column)
                + header.columns(enrolmentColumns.contains))
        var problems = header.unread(known)

        var schedule: [SAESScheduleRow] = []
        for (index, entry) in rows.enumerated() where index > headerIndex {
            let texts = entry.cells.map(\.text)
            let clean = texts.map(HTMLText.collapsingSpaces)
            if clean.allSatisfy({ $0.isEmpty || $0 == "-" }) { continue }
            guard texts.count == header.names.count else {
                problems.append("Row \(index + 1) has \(texts.count) cells instead of \(header.names.count); it was left out.")
                continue
            }
            let buildings = building.map { Slots(texts[$0]).parts.map(nonEmpty) } ?? []
            let rooms = room.map { Slots(texts[$0]).parts.map(nonEmpty) } ?? []
            var meetings: [SAESClassMeeting] = []
            for (weekday, dayColumn) in dayColumns {
                let slots = Slots(texts[dayColumn]).parts.map(DayCell.init)
                if slots.allSatisfy({ $0.ranges.isEmpty }) && !slots.allSatisfy(\.isBlank) {
                    problems.append("Row \(index + 1): “\(clean[dayColumn].prefix(40))” has no time range; the day was left out.")
                }
                for (slot, cell) in slots.enumerated() {
                    for range in cell.ranges {
                        guard let start = range.start, let end = range.end, start < end else {
                            problems.append("Row \(index + 1): “\(range.text)” is not a time range; it was left out.")
                            continue
                        }
                        // Each teacher's slot repeats the ranges they share: one class meets once.
                        if meetings.contains(where: { $0.weekday == weekday && $0.start == start && $0.end == end }) { continue }
                        meetings.append(
                            SAESClassMeeting(
                                weekday: weekday, start: start, end: end,
                                building: cell.building ?? Slots.value(buildings, at: slot),
                                room: cell.room ?? Slots.value(rooms, at: slot)))
                    }
                }
            }
            // Slots list a teacher's ranges before the next teacher's: the week reads in order again.
            meetings.sort { ($0.weekday, $0.start, $0.end) < ($1.weekday, $1.start, $1.end) }
            let name = description.map { SubjectCell(code: clean[subject], name: clean[$0]) } ?? SubjectCell(clean[subject])
            schedule.append(
                SAESScheduleRow(
                    group: clean[group], subjectCode: name.code, subject: name.name,
                    teacher: teacher.map { Slots.teachers(texts[$0]) } ?? "", meetings: meetings
                ))
        }
        return ParsedPage(value: schedule, problems: problems)
    }

    fileprivate static func nonEmpty(_ text: String) -> String? {
        let text = HTMLText.collapsingSpaces(text)
        return text.isEmpty || text == "-" ? nil : text
    }
}

/// A cell that lists one value per teacher, separated by `//` (ESIME Culhuacán); a cell without `//` is one slot.
struct Slots {
    let parts: [String]

    init(_ text: String) {
        parts = text.components(separatedBy: "//")
    }

    /// The value of slot `index`, or of the last slot when the cell lists fewer (one room for every teacher).
    static func value(_ values: [String?], at index: Int) -> String? {
        values.indices.contains(index) ? values[index] : values.last ?? nil
    }

    /// The teachers a cell names, each once, without the `SIN ASIGNAR` placeholder of a slot with no teacher.
    static func teachers(_ text: String) -> String {
        var names: [String] = []
        for part in Slots(text).parts {
            let name = HTMLText.collapsingSpaces(part)
            if name.isEmpty || HTMLText.folded(name) == "sin asignar" || names.contains(name) { continue }
            names.append(name)
        }
        return names.joined(separator: ", ")
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
        ranges = Self.timeRanges(in: clean)
        for line in text.split(separator: "\n") {
            if let place = Self.buildingAndRoom(in: HTMLText.collapsingSpaces(String(line))) {
                building = place.building
                room = place.room
            }
        }
    }

    /// Every `H:MM - H:MM` in the text, in order.
    static func timeRanges(in text: String) -> [TimeRange] {
        var scanner = ByteScanner(text)
        var ranges: [TimeRange] = []
        var start = 0
        while start < scanner.bytes.count {
            // A range starts at the first digit of a number, never inside one.
            guard scanner.isDigit(at: start), !scanner.isDigit(at: start - 1) else {
                start += 1
                continue
            }
            scanner.position = start
            if let from = scanner.clockTime(), scanner.dash(), let to = scanner.clockTime() {
                ranges.append(
                    TimeRange(
                        text: scanner.text(from: start), start: time(hour: from.hour, minute: from.minute),
                        end: time(hour: to.hour, minute: to.minute)))
                start = scanner.position
            } else {
                start += 1
            }
        }
        return ranges
    }

    /// `Edif: 2 - Salón: 109` (or `Salon`) anywhere in a line: the building before the first `- Salón:` that
    /// follows `Edif:`, and the rest of the line as the room.
    static func buildingAndRoom(in line: String) -> (building: String, room: String)? {
        guard let edif = line.range(of: "Edif:") else { return nil }
        let rest = line[edif.upperBound...]
        var from = rest.startIndex
        while from < rest.endIndex {
            let candidates = ["Salón:", "Salon:"].compactMap { rest[from...].range(of: $0) }
            guard let salon = candidates.min(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
            let before = rest[..<salon.lowerBound].trimmingCharacters(in: .whitespaces)
            let room = rest[salon.upperBound...].trimmingCharacters(in: .whitespaces)
            if before.hasSuffix("-") {
                let building = before.dropLast().trimmingCharacters(in: .whitespaces)
                if !building.isEmpty && !room.isEmpty { return (building, room) }
            }
            from = salon.upperBound
        }
        return nil
    }

    /// `7`, `05` → `07:05`; nil unless it is a time of day.
    static func time(hour: Substring, minute: Substring) -> String? {
        guard hour.count <= 2, minute.count == 2, let h = Int(hour), let m = Int(minute), (0..<24).contains(h), (0..<60).contains(m) else {
            return nil
        }
        return "\(ByteScanner.twoDigits(h)):\(ByteScanner.twoDigits(m))"
    }
}

private extension ByteScanner {
    /// `7:00`, as its hour and minute digits.
    mutating func clockTime() -> (hour: Substring, minute: Substring)? {
        guard let hour = digits(), eat(UInt8(ascii: ":")), let minute = digits() else { return nil }
        return (hour, minute)
    }

    /// ` - `, with any spacing.
    mutating func dash() -> Bool {
        skipSpaces()
        guard eat(UInt8(ascii: "-")) else { return false }
        skipSpaces()
        return true
    }
}
