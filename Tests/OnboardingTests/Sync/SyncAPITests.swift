import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioPlatform
import PatioTestSupport
import Testing

@Suite("Offline sync: pull the change feed, push mutations (onboarding.tasks)")
struct SyncAPITests {
    @Test("a full pull from empty, page by page, is exactly the employee's tasks and nobody else's")
    func fullPull() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            var mine: Set<UUID> = []
            for index in 0..<7 { mine.insert(try await company.task("Tarea \(index)", for: company.anaID)) }
            for index in 0..<2 { try await company.task("De Ben \(index)", for: company.benID) }
            let (changes, cursors) = try await company.pullAll(company.ana, limit: 3)
            #expect(cursors.count == 3)
            #expect(Set(changes.map(\.id)) == mine && changes.count == 7)
            #expect(
                changes.allSatisfy { $0.op == .put && $0.version == 1 && $0.data?["assigneeId"] == .string(company.anaID.uuidString.lowercased()) })
            // Caught up: the last cursor gives nothing new.
            let after = try await company.pull(company.ana, cursor: cursors.last)
            #expect(after.changes.isEmpty && !after.hasMore && after.cursor == cursors.last)
        }
    }

    @Test("resuming from any cursor misses nothing and repeats nothing: edits, deletes (tombstones) and reassignments")
    func resumeFromEveryCursor() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            var ids: [UUID] = []
            for index in 0..<6 { ids.append(try await company.task("Tarea \(index)", for: company.anaID)) }
            let (first, cursors) = try await company.pullAll(company.ana, limit: 2)
            // Snapshots of what a device holds at each cursor.
            var snapshots: [OfflineReplica] = [OfflineReplica()]
            var replica = OfflineReplica()
            for chunk in stride(from: 0, to: first.count, by: 2) {
                replica.apply(Array(first[chunk..<min(chunk + 2, first.count)]))
                snapshots.append(replica)
            }
            // HR changes things: an edit, a delete, a reassignment to Ben, a new task.
            _ = try await client.api(.put, "/api/v1/onboarding/tasks/\(ids[0])", token: company.hr, body: ["text": "Tarea 0, con detalles"])
            #expect(try await client.api(.delete, "/api/v1/onboarding/tasks/\(ids[1])", token: company.hr).status == .noContent)
            _ = try await client.api(.put, "/api/v1/onboarding/tasks/\(ids[2])", token: company.hr, body: ["assigneeId": company.benID.uuidString])
            let added = try await company.task("Nueva", for: company.anaID)

            let server = try await company.tasks(company.ana)
            for (index, cursor) in ([nil] + cursors).enumerated() where index < snapshots.count {
                var device = snapshots[index]
                let (changes, _) = try await company.pullAll(company.ana, from: cursor, limit: 2)
                #expect(Set(changes.map(\.id)).count == changes.count, "resumed from cursor \(index): a row came twice")
                device.apply(changes)
                #expect(Set(device.rows.keys) == Set(server.keys), "resumed from cursor \(index)")
                #expect(device.rows[ids[0]]?["text"] == .string("Tarea 0, con detalles"))
                #expect(device.rows[added] != nil && device.rows[ids[1]] == nil && device.rows[ids[2]] == nil)
            }
            let (fromLast, _) = try await company.pullAll(company.ana, from: cursors.last)
            #expect(fromLast.contains { $0.id == ids[1] && $0.op == .delete && $0.data == nil })
            #expect(fromLast.contains { $0.id == ids[2] && $0.op == .delete })
            let (bens, _) = try await company.pullAll(company.ben)
            #expect(bens.map(\.id) == [ids[2]] && bens[0].op == .put && bens[0].version == 2)
        }
    }

    @Test("a retried push changes nothing and answers duplicate with the first result")
    func retriedPush() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Firmar contrato", for: company.anaID)
            let batch = [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])]
            let first = try await company.push(company.ana, batch)
            #expect(first.map(\.status) == [.applied] && first[0].version == 2)
            let again = try await company.push(company.ana, batch)
            #expect(again.map(\.status) == [.duplicate])
            #expect(again[0].original == .init(status: .applied, version: 2, code: nil, fields: nil))
            let (changes, _) = try await company.pullAll(company.ana)
            #expect(changes.map(\.version) == [2] && changes[0].data?["isDone"] == .bool(true))
            // Another device of the same person has its own sequence of mutation ids.
            let tablet = try await company.push(
                company.ana, client: "tablet", [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 2, fields: ["isDone": .bool(false)])])
            #expect(tablet.map(\.status) == [.applied])
        }
    }

    @Test("a push's feed rows are written together and in order: a task changed twice comes once at its last version, after the others")
    func pushWritesTheFeedInOrder() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            var ids: [UUID] = []
            for index in 0..<4 { ids.append(try await company.task("Tarea \(index)", for: company.anaID)) }
            let (_, cursors) = try await company.pullAll(company.ana)
            // Ticks tasks 2, 0 and 3, then unticks 0 on top of its own tick.
            let batch = [
                SyncMutation(mutationId: 1, op: .put, id: ids[2], baseVersion: 1, fields: ["isDone": .bool(true)]),
                SyncMutation(mutationId: 2, op: .put, id: ids[0], baseVersion: 1, fields: ["isDone": .bool(true)]),
                SyncMutation(mutationId: 3, op: .put, id: ids[3], baseVersion: 1, fields: ["isDone": .bool(true)]),
                SyncMutation(mutationId: 4, op: .put, id: ids[0], baseVersion: 1, fields: ["isDone": .bool(false)]),
            ]
            let results = try await company.push(company.ana, batch)
            #expect(results.map(\.status) == [.applied, .applied, .applied, .applied])
            #expect(results.map(\.version) == [2, 2, 2, 3])
            let (changes, _) = try await company.pullAll(company.ana, from: cursors.last)
            #expect(changes.map(\.id) == [ids[2], ids[3], ids[0]])
            #expect(changes.map(\.version) == [2, 2, 3])
            #expect(changes.map { $0.data?["isDone"] } == [.bool(true), .bool(true), .bool(false)])
            #expect(try await company.tasks(company.ana)[ids[1]]?["isDone"] as? Bool == false)
            // Every answer was kept: the same push again is four duplicates of the first answers.
            let again = try await company.push(company.ana, batch)
            #expect(again.map(\.status) == [.duplicate, .duplicate, .duplicate, .duplicate])
            #expect(again.map { $0.original?.version } == [2, 2, 2, 3])
        }
    }

    @Test("mutation ids: decreasing within a push is refused; one older than the last applied is out of order, not silently dropped")
    func mutationOrder() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Curso", for: company.anaID)
            let decreasing = try await company.pushResponse(
                company.ana,
                [
                    SyncMutation(mutationId: 5, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)]),
                    SyncMutation(mutationId: 4, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(false)]),
                ])
            #expect(decreasing.status == .unprocessableContent)
            #expect(try problem(decreasing).code == "mutation_ids_not_increasing")
            let third = try await company.push(
                company.ana, [SyncMutation(mutationId: 3, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])])
            #expect(third.map(\.status) == [.applied])
            let late = try await company.push(
                company.ana,
                [
                    SyncMutation(mutationId: 2, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(false)]),
                    SyncMutation(mutationId: 3, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)]),
                    SyncMutation(mutationId: 4, op: .put, id: id, baseVersion: 2, fields: ["isDone": .bool(true)]),
                ])
            #expect(late.map(\.status) == [.rejected, .duplicate, .applied])
            #expect(late[0].code == "mutation_out_of_order")
            #expect(try await company.tasks(company.ana)[id]?["isDone"] as? Bool == true)
        }
    }

    @Test("field merge: a field only the device changed is taken; a field both changed is a conflict with the server's row")
    func fieldMerge() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Reunión", for: company.anaID)
            // HR renames the task after Ana's device last pulled (base version 1).
            _ = try await client.api(.put, "/api/v1/onboarding/tasks/\(id)", token: company.hr, body: ["text": "Reunión con tu líder"])
            let merged = try await company.push(
                company.ana, [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])])
            #expect(merged.map(\.status) == [.applied] && merged[0].version == 3)
            let task = try await company.tasks(company.ana)[id]
            #expect(task?["text"] as? String == "Reunión con tu líder" && task?["isDone"] as? Bool == true)

            // HR unticks it; a device still on version 3 sends "done" again: both changed isDone.
            _ = try await client.api(.put, "/api/v1/onboarding/tasks/\(id)", token: company.hr, body: ["isDone": false])
            let clash = try await company.push(
                company.ana, [SyncMutation(mutationId: 2, op: .put, id: id, baseVersion: 3, fields: ["isDone": .bool(true)])])
            #expect(clash.map(\.status) == [.conflict] && clash[0].fields == ["isDone"])
            #expect(clash[0].server?.version == 4 && clash[0].server?.data?["isDone"] == .bool(false))
            #expect(try await company.tasks(company.ana)[id]?["isDone"] as? Bool == false)
            // Sending what the server already has is no conflict.
            let same = try await company.push(
                company.ana, [SyncMutation(mutationId: 3, op: .put, id: id, baseVersion: 3, fields: ["isDone": .bool(false)])])
            #expect(same.map(\.status) == [.applied])
        }
    }

    @Test("pushes racing HR's edits on the same tasks lose nothing: every task ends with HR's text and the device's tick")
    func pushRacesAdminEdit() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            var ids: [UUID] = []
            for index in 0..<12 { ids.append(try await company.task("Tarea \(index)", for: company.anaID)) }
            let targets = ids
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, id) in targets.enumerated() {
                    group.addTask {
                        let results = try await company.push(
                            company.ana, client: "phone-\(index)",
                            [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])])
                        #expect(results.map(\.status) == [.applied])
                    }
                    group.addTask {
                        let edited = try await client.api(
                            .put, "/api/v1/onboarding/tasks/\(id)", token: company.hr, body: ["text": "Revisada \(index)"])
                        #expect(edited.status == .ok)
                    }
                }
                try await group.waitForAll()
            }
            let tasks = try await company.tasks(company.ana)
            for (index, id) in ids.enumerated() {
                #expect(tasks[id]?["text"] as? String == "Revisada \(index)" && tasks[id]?["isDone"] as? Bool == true, "task \(index)")
            }
            let (changes, _) = try await company.pullAll(company.ana, limit: 100)
            #expect(changes.count == 12 && changes.allSatisfy { $0.version == 3 && $0.data?["isDone"] == .bool(true) })
        }
    }

    @Test("access: an employee never pulls or changes another's tasks; accounts outside onboarding are refused")
    func scoping() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let anas = try await company.task("Solo de Ana", for: company.anaID)
            #expect(try await company.pullAll(company.ben).changes.isEmpty)
            let intrusion = try await company.push(
                company.ben, [SyncMutation(mutationId: 1, op: .put, id: anas, baseVersion: 1, fields: ["isDone": .bool(true)])])
            #expect(intrusion.map(\.status) == [.rejected] && intrusion[0].code == "task_not_found")
            let readOnly = try await company.push(
                company.ana, [SyncMutation(mutationId: 1, op: .put, id: anas, baseVersion: 1, fields: ["text": .string("Otra cosa")])])
            #expect(readOnly[0].code == "field_not_writable")
            let deleting = try await company.push(company.ana, [SyncMutation(mutationId: 2, op: .delete, id: anas, baseVersion: 1)])
            #expect(deleting[0].code == "not_allowed")
            let creating = try await company.push(
                company.ana, [SyncMutation(mutationId: 3, op: .put, id: UUID(), baseVersion: 0, fields: ["isDone": .bool(true)])])
            #expect(creating[0].code == "task_not_found")
            #expect(try await company.tasks(company.ana)[anas]?["isDone"] as? Bool == false)

            let outsider = try await patio.token(for: "otro@test.patio", client: client)
            let refused = try await client.api(.get, "/api/v1/sync/\(Company.tasks)", token: outsider)
            #expect(refused.status == .forbidden)
            #expect(try problem(refused).code == "sync_forbidden")
        }
    }

    @Test("the original app's failure: a change made offline survives a later pull and reaches the server")
    func offlineChangeSurvivesPull() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Completar el curso", for: company.anaID)
            var phone = OfflineReplica()
            phone.apply(try await company.pullAll(company.ana).changes)
            phone.tick(id, done: true)  // offline; the upload fails for now
            _ = try await client.api(.put, "/api/v1/onboarding/tasks/\(id)", token: company.hr, body: ["dueDate": "2026-12-05"])
            phone.apply(try await company.pullAll(company.ana).changes)  // back online: the pull must not undo the tick
            #expect(phone.rows[id]?["isDone"] == .bool(true) && phone.rows[id]?["dueDate"] == .string("2026-12-05"))
            let results = try await company.push(company.ana, phone.pending)
            #expect(results.map(\.status) == [.applied])
            let server = try await company.tasks(company.ana)[id]
            #expect(server?["isDone"] as? Bool == true && server?["dueDate"] as? String == "2026-12-05")
        }
    }

    @Test("clear errors: unknown collection, foreign or broken cursor, bad limit, too many mutations, oversized push, bad client id")
    func errors() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let unknown = try await client.api(.get, "/api/v1/sync/courier.parcels", token: company.ana)
            #expect(unknown.status == .notFound)
            #expect(try problem(unknown).code == "sync_collection_unknown")
            let foreign = Data("v1:courier.parcels:12".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            let wrong = try await client.api(.get, "/api/v1/sync/\(Company.tasks)?cursor=\(foreign)", token: company.ana)
            #expect(try problem(wrong).code == "cursor_wrong_collection")
            let broken = try await client.api(.get, "/api/v1/sync/\(Company.tasks)?cursor=not-a-cursor", token: company.ana)
            #expect(broken.status == .badRequest)
            #expect(try problem(broken).code == "cursor_invalid")
            let limit = try await client.api(.get, "/api/v1/sync/\(Company.tasks)?limit=0", token: company.ana)
            #expect(limit.status == .unprocessableContent)

            let id = UUID()
            let many = (1...101).map { SyncMutation(mutationId: $0, op: .put, id: id, baseVersion: 0, fields: ["isDone": .bool(true)]) }
            let tooMany = try await company.pushResponse(company.ana, many)
            #expect(tooMany.status == .unprocessableContent)
            #expect(try problem(tooMany).errors?.map(\.field) == ["mutations"])
            let huge = [
                SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 0, fields: ["isDone": .string(String(repeating: "x", count: 300_000))])
            ]
            #expect(try await company.pushResponse(company.ana, huge).status == .contentTooLarge)
            let badClient = try await company.pushResponse(
                company.ana, client: "my phone!", [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 0)])
            #expect(try problem(badClient).errors?.map(\.field) == ["clientId"])
        }
    }

    @Test("a cursor crafted as `v1:5` (no collection) is refused with 400 and the server keeps answering; it used to stop the process")
    func craftedCursorDoesNotStopTheServer() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            for crafted in [
                "djE6NQ", FuzzInputs.base64URL(Array("v1:".utf8)), FuzzInputs.base64URL(Array("v1::".utf8)),
                FuzzInputs.base64URL(Array("v1:onboarding.tasks:1e300".utf8)), FuzzInputs.base64URL(Array("v1:onboarding.tasks:-1".utf8)),
            ] {
                let response = try await client.api(.get, "/api/v1/sync/\(Company.tasks)?cursor=\(crafted)", token: company.ana)
                #expect(response.status == .badRequest, "cursor \(crafted)")
                #expect(try problem(response).code == "cursor_invalid")
            }
            #expect(try await company.pull(company.ana).changes.isEmpty)
        }
    }

    @Test("the largest mutation id a device can send is applied once; a later push of a smaller one is refused, never a crash")
    func largestMutationID() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Curso", for: company.anaID)
            let first = try await company.push(
                company.ana, [SyncMutation(mutationId: Int.max, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])])
            #expect(first.map(\.status) == [.applied])
            let again = try await company.push(
                company.ana, [SyncMutation(mutationId: Int.max, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)])])
            #expect(again.map(\.status) == [.duplicate])
            let smaller = try await company.push(
                company.ana, [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 2, fields: ["isDone": .bool(false)])])
            #expect(smaller.map(\.status) == [.rejected] && smaller.first?.code == "mutation_out_of_order")
        }
    }

    @Test("made-up devices cannot grow the server's memory: each keeps its last 200 answers, an account its 20 latest devices")
    func clientLogIsBounded() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let id = try await company.task("Curso", for: company.anaID)
            var version = 1
            for batch in 0..<3 {
                let mutations = (1...100).map { index in
                    SyncMutation(
                        mutationId: batch * 100 + index, op: .put, id: id, baseVersion: version + index - 1, fields: ["isDone": .bool(index % 2 == 1)]
                    )
                }
                let results = try await company.push(company.ana, mutations)
                #expect(results.allSatisfy { $0.status == .applied })
                version += 100
            }
            let retries = try await company.push(
                company.ana,
                [
                    SyncMutation(mutationId: 100, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)]),
                    SyncMutation(mutationId: 101, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)]),
                    SyncMutation(mutationId: 300, op: .put, id: id, baseVersion: 1, fields: ["isDone": .bool(true)]),
                ])
            #expect(retries.map(\.status) == [.rejected, .duplicate, .duplicate])
            #expect(retries[0].code == "mutation_forgotten")

            // 21 more devices: the first of them is forgotten, so its retry is a new change, not a duplicate.
            for device in 0..<21 {
                _ = try await company.push(
                    company.ana, client: "device-\(device)",
                    [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 0, fields: ["text": .string("d\(device)")])])
            }
            let oldest = try await company.push(
                company.ana, client: "device-0", [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 0, fields: ["text": .string("d0")])])
            #expect(oldest.first?.status != .duplicate)
            let recent = try await company.push(
                company.ana, client: "device-20", [SyncMutation(mutationId: 1, op: .put, id: id, baseVersion: 0, fields: ["text": .string("d20")])])
            #expect(recent.first?.status == .duplicate)
        }
    }
}
