import Foundation

/// An RFC 5545 calendar to publish (`METHOD:PUBLISH`): a fixed-offset time zone and events, rendered with
/// CRLF line ends, lines folded at 75 octets and text values escaped.
public struct ICalendar: Sendable {
    public var productId: String
    /// Shown by calendar apps as the subscription's name (`X-WR-CALNAME`).
    public var name: String?
    /// When set, local event times refer to it and it is emitted as a `VTIMEZONE`.
    public var timeZone: ICalendarTimeZone?
    public var events: [ICalendarEvent]

    public init(productId: String, name: String? = nil, timeZone: ICalendarTimeZone? = nil, events: [ICalendarEvent] = []) {
        self.productId = productId
        self.name = name
        self.timeZone = timeZone
        self.events = events
    }

    /// The whole `VCALENDAR`, ending with CRLF.
    public func render() -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + ICalendarText.escape(productId), "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        if let name { lines.append("X-WR-CALNAME:" + ICalendarText.escape(name)) }
        if let timeZone {
            lines.append("X-WR-TIMEZONE:" + ICalendarText.escape(timeZone.id))
            lines += timeZone.lines
        }
        for event in events { lines += event.lines(zone: timeZone) }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined(separator: "\r\n") + "\r\n"
    }
}

/// A zone with one offset all year (Mexico City has had no daylight saving since 2022).
public struct ICalendarTimeZone: Sendable {
    public var id: String
    public var utcOffsetSeconds: Int
    public var abbreviation: String

    public init(id: String, utcOffsetSeconds: Int, abbreviation: String) {
        self.id = id
        self.utcOffsetSeconds = utcOffsetSeconds
        self.abbreviation = abbreviation
    }

    /// `-0600`.
    var offsetText: String {
        let clamped = max(-86_399, min(86_399, utcOffsetSeconds))
        let sign = clamped < 0 ? "-" : "+"
        let minutes = abs(clamped) / 60
        return sign + ICalendarText.digits(minutes / 60, 2) + ICalendarText.digits(minutes % 60, 2)
    }

    var lines: [String] {
        [
            "BEGIN:VTIMEZONE", "TZID:" + ICalendarText.escape(id), "BEGIN:STANDARD", "DTSTART:19700101T000000",
            "TZOFFSETFROM:" + offsetText, "TZOFFSETTO:" + offsetText, "TZNAME:" + ICalendarText.escape(abbreviation), "END:STANDARD", "END:VTIMEZONE",
        ]
    }
}
