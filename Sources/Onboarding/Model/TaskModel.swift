import FluentKit
import Foundation
import PatioData
import SQLKit

/// A to-do item assigned to an employee, synced to their devices (`onboarding.tasks`).
final class TaskModel: Model, @unchecked Sendable {
    static let schema = "onboarding_tasks"

    @ID(key: .id) var id: UUID?
    @Field(key: "text") var text: String
    /// `yyyy-MM-dd` in the company's time zone.
    @Field(key: "due_date") var dueDate: String
    @Field(key: "is_done") var isDone: Bool
    @Field(key: "assignee_id") var assigneeID: UUID
    @OptionalField(key: "new_hire_id") var newHireID: UUID?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date
    /// When its assignee was reminded that it is due tomorrow (``TaskDueReminders``); cleared when the due
    /// date or the assignee changes, so the new day, or the new assignee, is reminded too.
    @OptionalField(key: "reminded_at") var remindedAt: Date?

    init() {}
}

extension OnboardingMigrations {
    struct CreateTasks: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(TaskModel.schema)
                .id()
                .field("text", .string, .required)
                .field("due_date", .string, .required)
                .field("is_done", .bool, .required)
                .field("assignee_id", .uuid, .required)
                .field("new_hire_id", .uuid)
                .field("created_at", .datetime, .required)
                .field("updated_at", .datetime, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(TaskModel.schema).delete() }
    }
}

extension OnboardingMigrations {
    /// `reminded_at`, and an index on `due_date` for the hourly look for tasks due tomorrow.
    struct AddTaskRemindedAt: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(TaskModel.schema).field("reminded_at", .datetime).update()
            try await (try database.sql).raw("CREATE INDEX onboarding_tasks_due_date ON onboarding_tasks (due_date)").run()
        }

        func revert(on database: any Database) async throws {
            try await (try database.sql).raw("DROP INDEX onboarding_tasks_due_date").run()
            try await database.schema(TaskModel.schema).deleteField("reminded_at").update()
        }
    }
}
