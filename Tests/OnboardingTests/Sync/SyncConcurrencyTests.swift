import FluentKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import PatioData
import PatioPlatform
import PatioServerTestSupport
import PatioTestSupport
import SQLKit
import Testing

// A guard against a hang, not a measurement: a push that waited for a lock it should not need would wait for
// the held push forever.
@Suite("Offline sync: pushes at the same time (onboarding.tasks)", .timeLimit(.minutes(3)))
struct SyncConcurrencyTests {
    @Test(
        """
        sixteen devices pushing at once, each its own task and one task they share, lose nothing: every applied change of the shared \
        task has its own version, and a pull shows every task once with the last of them
        """
    )
    func concurrentPushesKeepVersions() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.connectionForEach(of: 16) }) { patio, client in
            let company = try await Company.make(patio, client)
            let shared = try await company.task("Firmar el contrato", for: company.anaID)
            var own: [UUID] = []
            for index in 0..<16 { own.append(try await company.task("Tarea \(index)", for: company.anaID)) }
            let results = try await withThrowingTaskGroup(of: [SyncService.MutationResult].self) { group in
                for (index, task) in own.enumerated() {
                    group.addTask {
                        try await company.push(
                            company.ana, client: "device-\(index)",
                            [
                                SyncMutation(mutationId: 1, op: .put, id: task, baseVersion: 1, fields: ["isDone": .bool(true)]),
                                SyncMutation(mutationId: 2, op: .put, id: shared, baseVersion: 1, fields: ["isDone": .bool(true)]),
                            ])
                    }
                }
                return try await group.reduce(into: [[SyncService.MutationResult]]()) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0.map(\.status) == [.applied, .applied] }, "\(results)")
            // Each device set the shared task done on top of version 1; the first changed it, the others agreed with it.
            // Had two pushes read its entry before either wrote, two would have given it the same version.
            let sharedVersions = results.compactMap { $0.last?.version }.sorted()
            #expect(sharedVersions == Array(2...17))
            #expect(results.allSatisfy { $0.first?.version == 2 })

            let (changes, _) = try await company.pullAll(company.ana, limit: 5)
            #expect(changes.count == 17 && Set(changes.map(\.id)) == Set(own + [shared]))
            let sharedChange = try #require(changes.first { $0.id == shared })
            #expect(sharedChange.version == 17 && sharedChange.data?["isDone"] == .bool(true))
            #expect(changes.filter { $0.id != shared }.allSatisfy { $0.version == 2 && $0.data?["isDone"] == .bool(true) })
        }
    }

    @Test(
        """
        on PostgreSQL a write waits only for writes of its own task: while a push holds one task, another device's push, HR's \
        edit of another task and a new task go ahead; a push and HR's edit of the held task wait, and so does removing a new \
        hire (it may change any task); all three finish once the push ends
        """,
        .enabled(if: TestDatabase.isPostgres, "pushes overlap only on PostgreSQL; SQLite has one writer"))
    func writesWaitOnlyForTheirRows() async throws {
        // Up to five transactions are open at once here: the held push, three waiting writes, the look at who waits.
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.connectionForEach(of: 5) }) { patio, client in
            let company = try await Company.make(patio, client)
            let held = try await company.task("Leer el manual", for: company.anaID)
            let other = try await company.task("Configurar el correo", for: company.anaID)
            let newHire =
                try await client.created(
                    "/api/v1/onboarding/new-hires", token: company.hr, ["name": "Nuria Vega", "startDate": "2026-12-01"])["id"] as! String
            let database = patio.components.database
            // A push in progress that has locked the first task's row, kept open until the block ends.
            let waiting = try await withPushHolding(Company.tasks, ids: [held], on: database) {
                let pushOther = [SyncMutation(mutationId: 1, op: .put, id: other, baseVersion: 1, fields: ["isDone": .bool(true)])]
                #expect(try await company.push(company.ana, client: "tablet", pushOther).map(\.status) == [.applied])
                let editOther = try await client.api(
                    .put, "/api/v1/onboarding/tasks/\(other)", token: company.hr, body: ["text": "Configurar el correo y la firma"])
                #expect(editOther.status == .ok)
                _ = try await company.task("Pedir la credencial", for: company.benID)
                #expect(try await database.lockWaiters() == 0)

                let pushHeld = [SyncMutation(mutationId: 1, op: .put, id: held, baseVersion: 1, fields: ["isDone": .bool(true)])]
                let push = Task { try await company.push(company.ana, client: "phone", pushHeld) }
                try #require(try await database.waitForLockWaiters(1), "the push of the held task waits")
                let edit = Task {
                    try await client.api(.put, "/api/v1/onboarding/tasks/\(held)", token: company.hr, body: ["dueDate": "2026-12-15"])
                }
                try #require(try await database.waitForLockWaiters(2), "HR's edit of the held task waits")
                let removal = Task { try await client.api(.delete, "/api/v1/onboarding/new-hires/\(newHire)", token: company.hr) }
                try #require(try await database.waitForLockWaiters(3), "removing a new hire waits for the whole feed")
                return (push, edit, removal)
            }
            #expect(try await waiting.0.value.map(\.status) == [.applied])
            #expect(try await waiting.1.value.status == .ok)
            #expect(try await waiting.2.value.status == .noContent)
            let tasks = try await company.tasks(company.ana)
            #expect(tasks[held]?["isDone"] as? Bool == true && tasks[held]?["dueDate"] as? String == "2026-12-15")
            #expect(tasks[other]?["text"] as? String == "Configurar el correo y la firma")
        }
    }
}
