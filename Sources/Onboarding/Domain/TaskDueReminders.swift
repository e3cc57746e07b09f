import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// Reminds assignees of their undone tasks due tomorrow, in the company's time zone. Run periodically
/// (`onboarding.task-due-reminders`); each task is reminded of once: its `reminded_at` is set in the same
/// transaction as the notification, and only by the run that finds it still empty, so later runs, or another
/// instance running at the same moment, send nothing more. HR moving the due date or giving the task to
/// someone else empties `reminded_at` again (``TaskService/update(_:_:)``).
struct TaskDueReminders: Sendable {
    let database: PatioDatabase
    let settings: OnboardingSettingsService
    let notifications: NotificationService
    let clock: PatioClock

    /// The company's hour from which the day's reminders go out: a run just after midnight waits for the
    /// morning instead of waking everyone whose task is due tomorrow.
    static let fromHour = 9

    private struct Candidate: Decodable {
        let id: UUID
    }

    private struct Claimed: Decodable {
        let text: String
        let due_date: String
        let assignee_id: UUID
    }

    /// Sends the reminder for every undone task due tomorrow not reminded of yet, once the company's clock
    /// reads ``fromHour`` or later; returns how many were sent. A task done before its reminder, or already due
    /// today, is never reminded.
    @discardableResult
    func sendDue() async throws -> Int {
        let now = clock.now()
        let zone = try await settings.timeZone()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard calendar.component(.hour, from: now) >= Self.fromHour else { return 0 }
        let tomorrow = LocalDate(now, in: zone).adding(days: 1).description
        let candidates = try await (try database.reader.sql).raw(
            """
            SELECT id FROM onboarding_tasks
            WHERE due_date = \(bind: tomorrow) AND is_done = \(bind: false) AND reminded_at IS NULL ORDER BY id
            """
        ).all(decoding: Candidate.self)
        var sent = 0
        var failure: (any Error)?
        for task in candidates {
            // One write per task, and a failure is thrown only once every other task had its turn: a task that
            // cannot be reminded of does not hold back the others' reminders.
            do {
                if try await remind(task.id, due: tomorrow, now: now) { sent += 1 }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return sent
    }

    /// Claims the task and sends its reminder in one write; false when another run claimed it first, or it was
    /// ticked off, moved to another day or reminded of since the candidates were read.
    private func remind(_ id: UUID, due: String, now: Date) async throws -> Bool {
        try await database.write { db in
            guard
                let task = try await (try db.sql).raw(
                    """
                    UPDATE onboarding_tasks SET reminded_at = \(bind: now)
                    WHERE id = \(bind: id) AND reminded_at IS NULL AND is_done = \(bind: false) AND due_date = \(bind: due)
                    RETURNING text, due_date, assignee_id
                    """
                ).first(decoding: Claimed.self)
            else { return false }
            try await notifications.send(
                OnboardingNotifications.taskDueTomorrow.id, to: [task.assignee_id], parameters: ["task": task.text, "due": task.due_date],
                link: OnboardingNotifications.link)
            return true
        }
    }
}
