import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// Warns students whose pack's unused classes expire soon. Run periodically (`academy.credit-expiry-notices`);
/// each lot is warned about once: the lot's `expiry_notified_at` is set in the same transaction as the
/// notification, and only by the run that finds it still empty, so later runs, or another instance running
/// at the same moment, send nothing more.
struct CreditExpiryNotices: Sendable {
    let database: PatioDatabase
    let settings: AcademySettingsService
    let notifications: NotificationService
    let clock: PatioClock

    /// How long before a lot expires its student hears of it.
    static let warning: TimeInterval = 3 * 86_400

    private struct Candidate: Decodable {
        let id: UUID
        let account_id: UUID
        let expires_at: Date
        let class_name: String
        let pack_name: String
    }

    private struct Claimed: Decodable {
        let remaining: Int
    }

    /// Sends the warning for every lot with classes left that expires within `warning` and was not warned about
    /// yet; returns how many were sent. A lot that expires is never reported after the fact.
    @discardableResult
    func sendDue() async throws -> Int {
        let now = clock.now()
        // Only a pack's `validDays` gives a lot an expiry (payments without a pack and adjustments never expire),
        // so every expiring lot has a payment with a pack to name.
        let candidates = try await (try database.reader.sql).raw(
            """
            SELECT l.id, st.account_id, l.expires_at, c.name AS class_name, p.name AS pack_name
            FROM academy_credit_lots l JOIN academy_enrolments e ON e.id = l.enrolment_id
            JOIN academy_students st ON st.id = e.student_id
            JOIN academy_schedules s ON s.id = e.schedule_id JOIN academy_classes c ON c.id = s.class_id
            JOIN academy_payments pay ON pay.id = l.payment_id JOIN academy_packs p ON p.id = pay.pack_id
            WHERE l.remaining > 0 AND l.expiry_notified_at IS NULL
              AND l.expires_at > \(bind: now) AND l.expires_at <= \(bind: now.addingTimeInterval(Self.warning))
            ORDER BY l.expires_at, l.id
            """
        ).all(decoding: Candidate.self)
        guard !candidates.isEmpty else { return 0 }
        let calendar = try await settings.current().calendar
        var sent = 0
        var failure: (any Error)?
        for lot in candidates {
            // One write per lot, and a failure is thrown only once every other lot had its turn: a lot that cannot
            // be warned about does not hold back the others' warnings.
            do {
                if try await warn(lot, calendar: calendar, now: now) { sent += 1 }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return sent
    }

    /// Claims the lot and sends its warning in one write; false when another run claimed it first or its classes
    /// are used up.
    private func warn(_ lot: Candidate, calendar: AcademyCalendar, now: Date) async throws -> Bool {
        try await database.write { db in
            // The claim reads `remaining` again: a check-in since the candidates were read may have used some,
            // or all, of the lot.
            guard
                let claimed = try await (try db.sql).raw(
                    """
                    UPDATE academy_credit_lots SET expiry_notified_at = \(bind: now)
                    WHERE id = \(bind: lot.id) AND expiry_notified_at IS NULL AND remaining > 0 RETURNING remaining
                    """
                ).first(decoding: Claimed.self)
            else { return false }
            try await notifications.send(
                AcademyNotifications.creditsExpiring.id, to: [lot.account_id],
                parameters: [
                    "pack": lot.pack_name, "class": lot.class_name, "day": calendar.day(of: lot.expires_at),
                    "time": calendar.clockTime(of: lot.expires_at), "remaining": String(claimed.remaining),
                ],
                link: AcademyNotifications.link)
            return true
        }
    }
}

extension AcademyCalendar {
    /// `HH:mm` of the instant on the academy's wall clock.
    func clockTime(of date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return ClockTime.text((parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}
