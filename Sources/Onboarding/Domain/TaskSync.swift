import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// `onboarding.tasks`: each employee syncs the tasks assigned to them and may change only `isDone`
/// offline; everything else about a task is HR's.
enum TaskSync {
    static func collection(clock: PatioClock) -> SyncCollection {
        SyncCollection(
            name: TaskService.collection,
            scopes: { principal in
                OnboardingRoles.members.contains(where: principal.has(role:)) ? [TaskService.scope(principal.accountID)] : []
            },
            rows: { ids, db in
                let models = try await TaskModel.query(on: db).filter(\.$id ~~ ids).all()
                return Dictionary(models.map { ($0.id!, wire(TaskService.view($0))) }, uniquingKeysWith: { first, _ in first })
            },
            apply: { mutation, principal, current, db in
                guard mutation.op == .put else { throw SyncRejection("not_allowed", "Tasks are removed by HR, not from a device.") }
                guard current != nil, let model = try await TaskModel.find(mutation.id, on: db), model.assigneeID == principal.accountID else {
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
                    if model.isDone != isDone { changed.append("isDone") }
                    model.isDone = isDone
                    model.updatedAt = clock.now()
                    try await model.save(on: db)
                }
                return .put(scope: TaskService.scope(model.assigneeID), changed: changed)
            }
        )
    }

    /// A task as sync clients see it (the same fields as the REST view).
    static func wire(_ view: TaskService.View) -> [String: JSONValue] {
        [
            "id": .string(view.id.wireText), "text": .string(view.text), "dueDate": .string(view.dueDate), "isDone": .bool(view.isDone),
            "assigneeId": .string(view.assigneeId.wireText), "newHireId": view.newHireId.map { .string($0.wireText) } ?? .null,
        ]
    }
}
