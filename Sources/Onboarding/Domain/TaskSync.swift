import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// `onboarding.tasks`: each employee syncs the tasks assigned to them and may change only `isDone`
/// offline; everything else about a task is HR's.
enum TaskSync {
    static func collection(clock: PatioClock) -> SyncCollection {
        SyncCollection(
            name: TaskService.collection,
            scopes: { principal in
                OnboardingRoles.members.contains(where: principal.has(role:)) ? [TaskService.scope(principal.accountID)] : []
            },
            rows: { ids, db in try await rows(ids, on: db) },
            apply: { mutation, principal, current, db in
                guard mutation.op == .put else { throw SyncRejection("not_allowed", "Tasks are removed by HR, not from a device.") }
                // `current` is the task as `rows` read it in this same transaction: whose it is and whether it is
                // done need no query of their own.
                guard let current, let task = Assignment(current), task.assignee_id == principal.accountID else {
                    throw SyncRejection("task_not_found", "This task is not assigned to you (any more).")
                }
                let fields = mutation.fields ?? [:]
                let readOnly = fields.keys.filter { $0 != "isDone" }.sorted()
                guard readOnly.isEmpty else {
                    throw SyncRejection(
                        "field_not_writable", "Only isDone can change from a device; \(readOnly.joined(separator: ", ")) belong to HR.")
                }
                var changed: [String] = []
                if let value = fields["isDone"] {
                    guard let isDone = value.boolValue else { throw SyncRejection("invalid_field", "isDone must be true or false.") }
                    if task.is_done != isDone { changed.append("isDone") }
                    try await (try db.sql).raw(
                        "UPDATE onboarding_tasks SET is_done = \(bind: isDone), updated_at = \(bind: clock.now()) WHERE id = \(bind: mutation.id)"
                    ).run()
                }
                return .put(scope: TaskService.scope(task.assignee_id), changed: changed)
            }
        )
    }

    /// Whose task it is and whether it is done: all a device's push needs to know of it.
    private struct Assignment {
        let assignee_id: UUID
        let is_done: Bool

        /// From the task's wire form; nil when it lacks either.
        init?(_ wire: [String: JSONValue]) {
            guard let assignee = wire["assigneeId"]?.stringValue.flatMap(UUID.init(uuidString:)), let isDone = wire["isDone"]?.boolValue else {
                return nil
            }
            (assignee_id, is_done) = (assignee, isDone)
        }
    }

    /// A task's columns, as the sync feed reads them.
    private struct Row: Decodable {
        let id: UUID
        let text: String
        let due_date: String
        let is_done: Bool
        let assignee_id: UUID
        let new_hire_id: UUID?
    }

    /// The wire rows of `ids`, read with fixed SQL straight into plain rows: a first pull reads every task of
    /// the employee, and building a Fluent model per row cost more than the rest of the pull.
    static func rows(_ ids: [UUID], on db: any Database) async throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        let sql = try db.sql
        for slice in BoundList.slices(ids) {
            let rows = try await sql.raw(
                "SELECT id, text, due_date, is_done, assignee_id, new_hire_id FROM onboarding_tasks WHERE id IN (\(binds: slice))"
            ).all(decoding: Row.self)
            for row in rows {
                found[row.id] = wire(
                    TaskService.View(
                        id: row.id, text: row.text, dueDate: row.due_date, isDone: row.is_done, assigneeId: row.assignee_id,
                        newHireId: row.new_hire_id))
            }
        }
        return found
    }

    /// A task as sync clients see it (the same fields as the REST view).
    static func wire(_ view: TaskService.View) -> [String: JSONValue] {
        [
            "id": .string(view.id.wireText), "text": .string(view.text), "dueDate": .string(view.dueDate), "isDone": .bool(view.isDone),
            "assigneeId": .string(view.assigneeId.wireText), "newHireId": view.newHireId.map { .string($0.wireText) } ?? .null,
        ]
    }
}
