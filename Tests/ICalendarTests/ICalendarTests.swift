import Foundation
import Testing
@testable import ICalendar

@Suite("iCalendar writing: folding, escaping, zones and recurrence")
struct ICalendarTests {
    let stamp = Date(timeIntervalSince1970: 1_795_449_600)

    @Test("long lines fold at 75 octets without splitting a character, and unfold to the original")
    func folding() {
        let summary = String(repeating: "Cálculo diferencial é ñ ", count: 9)
        let text = ICalendar(
            productId: "-//T//T//ES", events: [ICalendarEvent(uid: "1", stamp: stamp, start: .date(year: 2026, month: 11, day: 23), summary: summary)]
        ).render()
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(lines.allSatisfy { String(validating: Array($0.utf8), as: UTF8.self) != nil })
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("SUMMARY:" + summary))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    }

    @Test("text values escape backslash, semicolon, comma and newlines and drop control characters")
    func escaping() {
        #expect(ICalendarText.escape("a;b,c\\d\ne\u{7}") == "a\\;b\\,c\\\\d\\ne")
    }

    @Test("weekly classes refer to the zone and repeat until a UTC instant; all-day events are dates")
    func events() {
        let zone = ICalendarTimeZone(id: "America/Mexico_City", utcOffsetSeconds: -21_600, abbreviation: "CST")
        let text = ICalendar(
            productId: "p", timeZone: zone,
            events: [
                ICalendarEvent(
                    uid: "c", stamp: stamp, start: .local(year: 2026, month: 11, day: 23, hour: 7, minute: 0),
                    end: .local(year: 2026, month: 11, day: 23, hour: 8, minute: 30),
                    summary: "Compiladores", weeklyUntil: Date(timeIntervalSince1970: 1_800_000_000))
            ]
        ).render()
        #expect(text.contains("DTSTART;TZID=America/Mexico_City:20261123T070000\r\n"))
        #expect(text.contains("RRULE:FREQ=WEEKLY;UNTIL=20270115T080000Z\r\n"))
        #expect(text.contains("TZOFFSETTO:-0600\r\n"))
    }

    @Test("no text, however strange, makes rendering trap or break the 75-octet rule")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\u{0}", "\u{1F600}", "\u{301}", "é", ",", ";", "\\", "\n", "\r", "a", " ", "中"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...120, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let rendered = ICalendar(
                productId: text, name: text,
                events: [ICalendarEvent(uid: text, stamp: stamp, start: .date(year: -5, month: 13, day: 99), summary: text, location: text)]
            ).render()
            #expect(rendered.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        }
    }
}
