import FluentKit
import Foundation
import PatioData
import PatioPlatform
import SQLKit

/// What the academy tells its students, and in what words: that classes of a pack are about to expire unused,
/// that a class of theirs now meets somewhere else, and that one of its sessions is cancelled.
///
/// Nothing here is private beyond what the student's own page shows (class, sede, how many classes are left),
/// so no kind is `isPrivate`. Titles carry no parameter. Days are sent as `yyyy-MM-dd` (each reader sees them
/// in their language) and times as the academy's wall clock, `19:00`. The link is the student's own page,
/// `/academy/me`, which lists their classes with sede, next session, classes left and next expiry.
enum AcademyNotifications {
    /// To the student, once per lot, when a pack's unused classes expire within `CreditExpiryNotices.warning`.
    static let creditsExpiring = NotificationKind(
        "academy.credits_expiring", days: ["day"],
        spanish: NotificationWords(
            name: "Clases de mi paquete por vencer", title: "Tus clases están por vencer",
            body: "{pack} ({class}) vence el {day} a las {time}. Clases sin usar: {remaining}."),
        english: NotificationWords(
            name: "Classes of my pack about to expire", title: "Your classes are about to expire",
            body: "{pack} ({class}) expires on {day} at {time}. Classes left: {remaining}."))

    /// To each student enrolled in a class, when the place it meets changes (its sede's address).
    static let classMoved = NotificationKind(
        "academy.class_moved", days: ["day"],
        spanish: NotificationWords(
            name: "Una clase mía cambia de lugar", title: "Tu clase cambió de lugar",
            body: "{class} ahora es en {address} ({location}). Próxima clase: {day}, {time}."),
        english: NotificationWords(
            name: "A class of mine changes place", title: "Your class has moved",
            body: "{class} is now at {address} ({location}). Next class: {day}, {time}."))

    /// To each student enrolled in a class, when one of its sessions is cancelled (the teacher is ill, a holiday).
    static let classCancelled = NotificationKind(
        "academy.class_cancelled", days: ["day"],
        spanish: NotificationWords(
            name: "Se cancela una clase mía", title: "Tu clase se canceló",
            body: "{class} del {day} a las {time} ({location}) no se dictará: {reason}"),
        english: NotificationWords(
            name: "A class of mine is cancelled", title: "Your class is cancelled",
            body: "{class} on {day} at {time} ({location}) will not take place: {reason}"))

    static let all = [creditsExpiring, classMoved, classCancelled]

    /// The student's page that shows what every academy notification is about.
    static let link = "/academy/me"
}

extension CatalogueService {
    /// Tells every student enrolled in a class at the sede that their class now meets at its new address, one
    /// notification per enrolment (each names its class and next session). Called inside the move's own
    /// transaction (`db`), so a move that fails or rolls back tells nobody. Archived classes and schedules have
    /// no active enrolments, so nobody who left hears of it.
    func notifyMoved(location: LocationModel, now: Date, on db: any Database) async throws {
        struct Row: Decodable {
            let enrolment_id: UUID
            let account_id: UUID
            let class_name: String
            let weekday: Int
            let start_minute: Int
        }
        guard let locationID = location.id else { return }
        let rows = try await (try db.sql).raw(
            """
            SELECT e.id AS enrolment_id, st.account_id, c.name AS class_name, s.weekday, s.start_minute
            FROM academy_enrolments e JOIN academy_students st ON st.id = e.student_id
            JOIN academy_schedules s ON s.id = e.schedule_id JOIN academy_classes c ON c.id = s.class_id
            WHERE c.location_id = \(bind: locationID) AND e.is_active = \(bind: true) AND s.archived_at IS NULL AND c.archived_at IS NULL
            ORDER BY e.id
            """
        ).all(decoding: Row.self)
        guard !rows.isEmpty else { return }
        let calendar = try await settings.current(on: db).calendar
        for row in rows {
            // The first session held at the new address is the next one to start: one under way already began where it is.
            let next = calendar.nextSessions(weekday: row.weekday, endMinute: row.start_minute, after: now, count: 1).first ?? ""
            try await notifications.send(
                AcademyNotifications.classMoved.id, to: [row.account_id],
                parameters: [
                    "class": row.class_name, "location": location.name, "address": location.address, "day": next,
                    "time": ClockTime.text(row.start_minute),
                ],
                link: AcademyNotifications.link, collapseKey: "academy.class_moved.\(row.enrolment_id.uuidString.lowercased())")
        }
    }
}
