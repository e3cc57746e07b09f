import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// To-do tasks: HR creates, assigns, edits and deletes them; the assignee ticks them off (here or through
/// the `onboarding.tasks` sync collection). Every change goes to the sync feed in the same transaction.
struct TaskService: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let clock: PatioClock
    let notifications: NotificationService
    let feed = SyncFeed()

    static let collection = "onboarding.tasks"
    static let notFound = AppError.notFound(code: "task_not_found", "No task has this id.")

    struct Input: Codable, Sendable {
        var text: String?
        var dueDate: String?
        var isDone: Bool?
        var assigneeId: UUID?
        var assigneeEmail: String?
        var newHireId: UUID?
    }

    /// Ids spelled as the `onboarding.tasks` sync rows spell them (`WireID`), so an app that keeps both by
    /// id text finds one task, not two.
    struct View: Codable, Sendable, Equatable {
        @WireID var id: UUID
        var text: String
        var dueDate: String
        var isDone: Bool
        @WireID var assigneeId: UUID
        @WireID var newHireId: UUID?
    }

    static func scope(_ assignee: UUID) -> String { "account:\(assignee.wireText)" }

    func create(_ input: Input) async throws -> View {
        let fields = try validate(input, partialFrom: nil, assignee: try await resolveAssignee(input))
        let now = clock.now()
        let id = UUID()
        let model = TaskModel()
        model.id = id
        model.isDone = false
        model.createdAt = now
        apply(fields, to: model, at: now)
        return try await database.write { db in
            try await feed.lock(Self.collection, ids: [id], on: db)
            try await requireNewHire(model.newHireID, on: db)
            try await model.create(on: db)
            try await feed.recordPut(
                Self.collection, id: id, scope: Self.scope(model.assigneeID),
                changed: ["text", "dueDate", "isDone", "assigneeId", "newHireId"], on: db)
            let view = Self.view(model)
            try await notifyAssigned(view)
            return view
        }
    }

    /// HR's edit: fields left out keep their value.
    func update(_ id: UUID, _ input: Input) async throws -> View {
        // Accounts are looked up before the transaction: inside it, with the feed locked, every connection
        // counts, and a second one could be waiting behind the writers this one blocks.
        let assignee = try await resolveAssignee(input)
        return try await database.write { db in
            try await feed.lock(Self.collection, ids: [id], on: db)
            guard let model = try await TaskModel.find(id, on: db) else { throw Self.notFound }
            let fields = try validate(input, partialFrom: model, assignee: assignee)
            let before = Self.view(model)
            apply(fields, to: model, at: clock.now())
            let after = Self.view(model)
            // A reminder was for one day and one person: a new due date, or a new assignee, is reminded again.
            if after.dueDate != before.dueDate || after.assigneeId != before.assigneeId { model.remindedAt = nil }
            try await requireNewHire(model.newHireID, on: db)
            try await model.save(on: db)
            try await feed.recordPut(Self.collection, id: id, scope: Self.scope(model.assigneeID), changed: Self.changedFields(before, after), on: db)
            if after.assigneeId != before.assigneeId { try await notifyAssigned(after) }
            return after
        }
    }

    /// Tells the assignee the task is now theirs, in the same transaction as the change.
    private func notifyAssigned(_ task: View) async throws {
        try await notifications.send(
            OnboardingNotifications.taskAssigned.id, to: [task.assigneeId], parameters: ["task": task.text, "due": task.dueDate],
            link: OnboardingNotifications.link)
    }

    func delete(_ id: UUID) async throws {
        try await database.write { db in
            try await feed.lock(Self.collection, ids: [id], on: db)
            guard let model = try await TaskModel.find(id, on: db) else { throw Self.notFound }
            try await model.delete(on: db)
            try await feed.recordDelete(Self.collection, id: id, on: db)
        }
    }

    /// Ticks a task on or off: its assignee, or HR.
    func setDone(_ id: UUID, _ isDone: Bool, by principal: Principal) async throws -> View {
        try await database.write { db in
            try await feed.lock(Self.collection, ids: [id], on: db)
            guard let model = try await TaskModel.find(id, on: db),
                model.assigneeID == principal.accountID || principal.has(role: OnboardingRoles.admin)
            else { throw Self.notFound }
            let changed = model.isDone != isDone
            model.isDone = isDone
            model.updatedAt = clock.now()
            try await model.save(on: db)
            try await feed.recordPut(Self.collection, id: id, scope: Self.scope(model.assigneeID), changed: changed ? ["isDone"] : [], on: db)
            return Self.view(model)
        }
    }

    /// The caller's tasks, soonest due first.
    func mine(_ principal: Principal) async throws -> [View] {
        try await TaskModel.query(on: try database.reader).filter(\.$assigneeID == principal.accountID)
            .sort(\.$dueDate).sort(\.$text).all().map(Self.view)
    }

    /// The caller's most recently ticked task (what "undo" unticks).
    func lastDone(_ principal: Principal) async throws -> UUID? {
        try await TaskModel.query(on: try database.reader).filter(\.$assigneeID == principal.accountID).filter(\.$isDone == true)
            .sort(\.$updatedAt, .descending).first()?.id
    }

    /// HR's list, optionally for one assignee.
    func list(assignee: UUID?) async throws -> [View] {
        var query = TaskModel.query(on: try database.reader)
        if let assignee { query = query.filter(\.$assigneeID == assignee) }
        return try await query.sort(\.$dueDate).sort(\.$text).all().map(Self.view)
    }

    /// A new hire is going: tasks about them stay, without the link (a synced change).
    func unlink(newHire: UUID, on db: any Database) async throws {
        try await feed.lock(on: db)
        for model in try await TaskModel.query(on: db).filter(\.$newHireID == newHire).all() {
            model.newHireID = nil
            try await model.save(on: db)
            try await feed.recordPut(Self.collection, id: model.id!, scope: Self.scope(model.assigneeID), changed: ["newHireId"], on: db)
        }
    }

    // MARK: Validation

    private struct Fields {
        var text: String
        var dueDate: String
        var isDone: Bool
        var assignee: UUID
        var newHire: UUID?
    }

    /// The account named by `assigneeId` or `assigneeEmail` (nil when neither is given), which must be an
    /// active employee.
    private func resolveAssignee(_ input: Input) async throws -> UUID? {
        let account: AccountView?
        if let id = input.assigneeId {
            account = try? await accounts.find(id: id)
            guard account != nil else { throw AppError.validation(field: "assigneeId", "No account has this id.", code: "unknown_account") }
        } else if let email = input.assigneeEmail {
            account = try await accounts.find(email: email)
            guard account != nil else { throw AppError.validation(field: "assigneeEmail", "No account has this email.", code: "unknown_account") }
        } else {
            return nil
        }
        guard account!.roles.contains(OnboardingRoles.employee), account!.isActive else {
            throw AppError(
                .unprocessableContent, code: "assignee_not_employee", detail: "Tasks go to active accounts with the role \(OnboardingRoles.employee)."
            )
        }
        return account!.id
    }

    private func validate(_ input: Input, partialFrom existing: TaskModel?, assignee: UUID?) throws -> Fields {
        var validator = Validator()
        let text = input.text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? existing?.text ?? ""
        validator.check((1...200).contains(text.count), "text", "Describe the task in 1 to 200 characters.", code: "task_text_length")
        let due = (input.dueDate ?? existing?.dueDate).flatMap(LocalDate.init)
        validator.check(due != nil, "dueDate", "Give the due date as yyyy-MM-dd.", code: "date_format")
        let assignee = assignee ?? existing?.assigneeID
        validator.check(assignee != nil, "assigneeEmail", "Give the assignee's email or id.", code: "assignee_required")
        try validator.validate()
        return Fields(
            text: text, dueDate: due!.description, isDone: input.isDone ?? existing?.isDone ?? false, assignee: assignee!,
            newHire: input.newHireId ?? existing?.newHireID)
    }

    private func apply(_ fields: Fields, to model: TaskModel, at now: Date) {
        model.text = fields.text
        model.dueDate = fields.dueDate
        model.isDone = fields.isDone
        model.assigneeID = fields.assignee
        model.newHireID = fields.newHire
        model.updatedAt = now
    }

    private func requireNewHire(_ id: UUID?, on db: any Database) async throws {
        guard let id else { return }
        guard try await NewHireModel.find(id, on: db) != nil else {
            throw AppError.validation(field: "newHireId", "No new hire has this id.", code: "unknown_new_hire")
        }
    }

    static func view(_ model: TaskModel) -> View {
        View(id: model.id!, text: model.text, dueDate: model.dueDate, isDone: model.isDone, assigneeId: model.assigneeID, newHireId: model.newHireID)
    }

    static func changedFields(_ before: View, _ after: View) -> [String] {
        var changed: [String] = []
        if before.text != after.text { changed.append("text") }
        if before.dueDate != after.dueDate { changed.append("dueDate") }
        if before.isDone != after.isDone { changed.append("isDone") }
        if before.assigneeId != after.assigneeId { changed.append("assigneeId") }
        if before.newHireId != after.newHireId { changed.append("newHireId") }
        return changed
    }
}
