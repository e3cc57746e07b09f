import Foundation
import ICalendar
import PatioCore

/// A student's schedule as an RFC 5545 calendar: each weekly class repeats until its period ends, with room
/// and teacher, and the period's academic calendar comes as all-day events.
enum CalendarFeed {
    static let zone = ICalendarTimeZone(id: "America/Mexico_City", utcOffsetSeconds: -6 * 3600, abbreviation: "CST")

    static func render(schedule: Schedule, calendar: [CalendarEventView], studentName: String, stamp: Date) -> String {
        var events: [ICalendarEvent] = []
        if let period = schedule.period, let starts = LocalDate(period.startsOn), let ends = LocalDate(period.endsOn) {
            // The weekly rule stops at the end of the period's last day, school time.
            let until = SchoolCalendar.instant(ends, minutes: 24 * 60 - 1)
            for entry in schedule.entries {
                guard let startMinutes = CampusText.minutes(entry.startsAt), let endMinutes = CampusText.minutes(entry.endsAt) else { continue }
                let first = firstDay(onOrAfter: starts, weekday: entry.weekday)
                guard first <= ends else { continue }
                let location = "Edificio \(entry.building), salón \(entry.room)"
                let description = [entry.teacher.map { "Profesor: \($0)" }, "Grupo \(entry.group)", "Clave \(entry.clave)"].compactMap { $0 }.joined(
                    separator: "\n")
                events.append(
                    ICalendarEvent(
                        uid: "\(period.id.uuidString.lowercased())-\(entry.group)-\(entry.clave)-\(entry.weekday)-\(entry.startsAt)@campus.patio",
                        stamp: stamp,
                        start: .local(year: first.year, month: first.month, day: first.day, hour: startMinutes / 60, minute: startMinutes % 60),
                        end: .local(year: first.year, month: first.month, day: first.day, hour: endMinutes / 60, minute: endMinutes % 60),
                        summary: entry.subject, location: location, description: description, categories: ["Clase"], weeklyUntil: until))
            }
        }
        for event in calendar {
            guard let starts = LocalDate(event.startsOn), let ends = LocalDate(event.endsOn) else { continue }
            let after = ends.adding(days: 1)
            events.append(
                ICalendarEvent(
                    uid: "\(event.id.uuidString.lowercased())@campus.patio", stamp: stamp,
                    start: .date(year: starts.year, month: starts.month, day: starts.day),
                    end: .date(year: after.year, month: after.month, day: after.day),
                    summary: event.title, categories: ["Calendario escolar"]))
        }
        let name = "Horario · \(studentName)" + (schedule.period.map { " · \($0.code)" } ?? "")
        return ICalendar(productId: "-//Patio//Campus//ES", name: name, timeZone: zone, events: events).render()
    }

    /// The first `weekday` (1 Monday … 7 Sunday) on or after `date`.
    static func firstDay(onOrAfter date: LocalDate, weekday: Int) -> LocalDate {
        let offset = (weekday - date.weekday + 7) % 7
        return date.adding(days: offset)
    }
}
