import FluentKit
import Foundation
import PatioCore
import PatioPlatform
import PatioData
import PatioIdentity

/// HR's view of how far each employee is: tasks done of total, and how many are overdue (not done, due
/// before today in the company's time zone).
struct ProgressReport: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let settings: OnboardingSettingsService

    struct Row: Codable, Sendable, Equatable {
        @WireID var accountId: UUID
        var name: String
        var email: String
        var done: Int
        var total: Int
        var overdue: Int
    }

    func rows() async throws -> [Row] {
        let today = try await settings.today().description
        let tasks = try await TaskModel.query(on: try database.reader).all()
        var rows: [Row] = []
        for (assignee, theirs) in Dictionary(grouping: tasks, by: \.assigneeID) {
            let account = try? await accounts.find(id: assignee)
            rows.append(
                Row(
                    accountId: assignee, name: account?.name ?? "", email: account?.email ?? "",
                    done: theirs.filter(\.isDone).count, total: theirs.count,
                    overdue: theirs.filter { !$0.isDone && $0.dueDate < today }.count))
        }
        return rows.sorted { ($0.overdue, $1.name) > ($1.overdue, $0.name) }
    }
}
