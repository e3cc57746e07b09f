import Foundation
import PatioAPI

extension Patio {
    /// JAppical's calls: the employee's tasks (offline, through a ``SyncEngine``) and the new hires.
    public var onboarding: OnboardingFacade { OnboardingFacade(patio: self) }
}

/// Onboarding (JAppical). Tasks live in an ``OfflineStore`` so ticking one never needs a connection.
public struct OnboardingFacade: Sendable {
    /// The sync collection of the employee's tasks.
    public static let tasks = "onboarding.tasks"
    let patio: Patio

    /// One task as the offline copy shows it.
    public struct Task: Sendable, Equatable {
        public var id: String
        public var text: String
        /// `yyyy-MM-dd`.
        public var dueDate: String
        public var isDone: Bool
        /// Ticked here, not yet accepted by Patio.
        public var isPending: Bool
    }

    /// The tasks in the offline copy, by due date.
    public func tasks(in store: OfflineStore) throws -> [Task] {
        try store.rows(Self.tasks).map { row in
            Task(
                id: row.id, text: row.fields["text"]?.string ?? "", dueDate: row.fields["dueDate"]?.string ?? "",
                isDone: row.fields["isDone"]?.bool ?? false, isPending: row.isPending)
        }.sorted { ($0.dueDate, $0.text) < ($1.dueDate, $1.text) }
    }

    /// Ticks or unticks a task offline; it reaches Patio with the next ``SyncEngine/sync(_:)``.
    public func setDone(_ taskID: String, _ isDone: Bool, in store: OfflineStore) throws {
        try store.change(Self.tasks, id: taskID, fields: ["isDone": .bool(isDone)])
    }

    /// This month's new hires (HR and employees alike).
    public func newHires() async throws -> [Components.Schemas.NewHire] {
        try await patio.call { try await patio.api.listNewHires().ok.body.json.items }
    }
}
