import FluentKit
import Foundation

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
