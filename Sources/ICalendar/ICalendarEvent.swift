import Foundation

/// When an event starts or ends.
public enum ICalendarTime: Sendable, Equatable {
    /// A whole day (`VALUE=DATE`).
    case date(year: Int, month: Int, day: Int)
    /// Wall-clock time in the calendar's zone (floating when the calendar has none).
    case local(year: Int, month: Int, day: Int, hour: Int, minute: Int)
    case utc(Date)

    func property(_ name: String, zone: ICalendarTimeZone?) -> String {
        switch self {
        case let .date(year, month, day):
            return "\(name);VALUE=DATE:" + ICalendarText.date(year, month, day)
        case let .local(year, month, day, hour, minute):
            let value = ICalendarText.date(year, month, day) + "T" + ICalendarText.digits(hour, 2) + ICalendarText.digits(minute, 2) + "00"
            return zone.map { "\(name);TZID=\(ICalendarText.parameter($0.id)):\(value)" } ?? "\(name):\(value)"
        case let .utc(instant):
            return "\(name):" + ICalendarText.utc(instant)
        }
    }
}

/// One `VEVENT`, optionally repeating weekly until an instant.
public struct ICalendarEvent: Sendable {
    public var uid: String
    public var stamp: Date
    public var start: ICalendarTime
    public var end: ICalendarTime?
    public var summary: String
    public var location: String?
    public var description: String?
    public var categories: [String]
    /// `RRULE:FREQ=WEEKLY;UNTIL=…` when set.
    public var weeklyUntil: Date?

    public init(
        uid: String, stamp: Date, start: ICalendarTime, end: ICalendarTime? = nil, summary: String, location: String? = nil,
        description: String? = nil, categories: [String] = [], weeklyUntil: Date? = nil
    ) {
        self.uid = uid
        self.stamp = stamp
        self.start = start
        self.end = end
        self.summary = summary
        self.location = location
        self.description = description
        self.categories = categories
        self.weeklyUntil = weeklyUntil
    }

    func lines(zone: ICalendarTimeZone?) -> [String] {
        var lines = [
            "BEGIN:VEVENT", "UID:" + ICalendarText.escape(uid), "DTSTAMP:" + ICalendarText.utc(stamp), start.property("DTSTART", zone: zone),
        ]
        if let end { lines.append(end.property("DTEND", zone: zone)) }
        if let weeklyUntil { lines.append("RRULE:FREQ=WEEKLY;UNTIL=" + ICalendarText.utc(weeklyUntil)) }
        lines.append("SUMMARY:" + ICalendarText.escape(summary))
        if let location { lines.append("LOCATION:" + ICalendarText.escape(location)) }
        if let description { lines.append("DESCRIPTION:" + ICalendarText.escape(description)) }
        if !categories.isEmpty { lines.append("CATEGORIES:" + categories.map(ICalendarText.escape).joined(separator: ",")) }
        lines.append("END:VEVENT")
        return lines
    }
}
