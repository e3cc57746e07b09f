import Foundation
import Synchronization
import PatioKit
import Testing

@Suite("Offline store and sync engine: onboarding tasks ticked offline, kept across restarts, pushed once, conflicts surfaced")
struct SyncEngineTests {
    static let tasks = "onboarding.tasks"

    static func temporaryStore() -> (path: String, remove: @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-store-\(UUID().uuidString).sqlite").path
        return (path, { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } })
    }

    /// The demo employee signed in (`employee`), and the same session on a phone (`phone`) that reaches Patio
    /// through `proxy`, which can lose answers, with an empty store.
    static func employeeBehindProxy(
        _ body: (_ employee: Patio, _ proxy: LosingProxy, _ phone: Patio, _ store: OfflineStore) async throws -> Void
    ) async throws {
        try await RunningPatio.with { server in
            let employee = try await server.signedIn("nuevo@demo.patio")
            let proxy = try LosingProxy(to: server.base)
            defer { proxy.stop() }
            let phone = Patio(serverURL: proxy.base, tokenStore: MemoryTokenStore(token: await employee.session.token()))
            try await body(employee, proxy, phone, try OfflineStore.inMemory())
        }
    }

    @Test("the first pull brings every task of the employee; a tick made offline survives a restart and a pull, and reaches Patio once")
    func offlineTickSurvivesRestart() async throws {
        try await RunningPatio.with { server in
            let (path, remove) = Self.temporaryStore()
            defer { remove() }
            let employee = try await server.signedIn("nuevo@demo.patio")
            let engine = SyncEngine(patio: employee, store: try OfflineStore(path: path))
            #expect(try await engine.pull(Self.tasks) == 6)
            let open = try #require(try engine.store.rows(Self.tasks).first { $0.fields["isDone"] == .bool(false) })

            // Offline: the tick is shown at once and queued.
            try engine.store.change(Self.tasks, id: open.id, fields: ["isDone": .bool(true)])
            #expect(try engine.store.row(Self.tasks, id: open.id)?.fields["isDone"] == .bool(true))

            // The app is killed and started again: the queue is still there, and a pull does not wipe it.
            let relaunched = SyncEngine(patio: employee, store: try OfflineStore(path: path))
            #expect(try relaunched.store.pendingCount() == 1)
            try await relaunched.pull(Self.tasks)
            let shown = try #require(try relaunched.store.row(Self.tasks, id: open.id))
            #expect(shown.fields["isDone"] == .bool(true) && shown.isPending)

            let report = try await relaunched.sync(Self.tasks)
            #expect(report == SyncEngine.PushReport(applied: 1, conflicts: 0, rejected: 0))
            #expect(try relaunched.store.pendingCount() == 0)
            let synced = try #require(try relaunched.store.row(Self.tasks, id: open.id))
            #expect(synced.fields["isDone"] == .bool(true) && !synced.isPending && synced.version > open.version)

            // Patio has it: HR sees the task done.
            let hr = try await server.signedIn("rrhh@demo.patio")
            guard case .ok(let ok) = try await hr.api.listTasks(), case .json(let list) = ok.body else {
                Issue.record("HR could not list tasks")
                return
            }
            #expect(list.items.first { $0.id == open.id }?.isDone == true)
        }
    }

    @Test("a pull asks for the next page while storing this one; the third page lost, it keeps two pages and the next pull brings the rest")
    func pullKeepsPagesBeforeALostOne() async throws {
        try await Self.employeeBehindProxy { employee, proxy, phone, store in
            let engine = SyncEngine(patio: phone, store: store, pageSize: 2)
            // Every answer to the third page's request is lost, including the ones to the HTTP client's own
            // retries of that GET (the same head again), until the client reports offline.
            let pages = Mutex<[String]>([])
            for _ in 0..<20 {
                proxy.loseAnswer { head in
                    guard head.hasPrefix("GET /api/v1/sync/\(Self.tasks)") else { return false }
                    return pages.withLock { seen in
                        if !seen.contains(head) { seen.append(head) }
                        return (seen.firstIndex(of: head) ?? 0) >= 2
                    }
                }
            }
            do {
                _ = try await engine.pull(Self.tasks)
                Issue.record("the pull whose third page was lost reported success")
            } catch PatioError.offline {}
            #expect(!proxy.lostAnswers.isEmpty)
            #expect(try store.rows(Self.tasks).count == 4)
            // The network is back: only the last page comes, and every task is there once.
            #expect(try await SyncEngine(patio: employee, store: store, pageSize: 2).pull(Self.tasks) == 2)
            let rows = try store.rows(Self.tasks)
            #expect(rows.count == 6 && Set(rows.map(\.id)).count == 6)
        }
    }

    @Test("offline changes go out in batches, each recorded while the next is on its way; a row changed again builds on its answer, never a conflict")
    func batchesBuildOnAnswers() async throws {
        try await RunningPatio.with { server in
            let employee = try await server.signedIn("nuevo@demo.patio")
            let store = try OfflineStore.inMemory()
            let engine = SyncEngine(patio: employee, store: store)
            try await engine.pull(Self.tasks)
            let rows = try store.rows(Self.tasks)
            let ids = rows.map(\.id)
            try #require(ids.count == 6)
            // 100 changes of the first three tasks (the first batch), 50 of the other three (sent while the first
            // batch's answers are recorded), then 30 more of the first three, which must wait for those answers.
            // Every change turns the task over, so one sent on a version older than its row's is a conflict.
            var last = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.fields["isDone"] == .bool(true)) })
            func tick(_ n: Int, among rows: ArraySlice<String>) throws {
                let id = rows[rows.startIndex + n % rows.count], done = !(last[id] ?? false)
                try store.change(Self.tasks, id: id, fields: ["isDone": .bool(done)])
                last[id] = done
            }
            for n in 0..<100 { try tick(n, among: ids[0..<3]) }
            for n in 0..<50 { try tick(n, among: ids[3..<6]) }
            for n in 1...30 { try tick(n, among: ids[0..<3]) }

            let report = try await engine.push(Self.tasks)
            #expect(report == SyncEngine.PushReport(applied: 180, conflicts: 0, rejected: 0))
            #expect(try store.pendingCount() == 0)
            // Patio holds each task's last change, at the version the phone now keeps.
            let hr = try await server.signedIn("rrhh@demo.patio")
            guard case .ok(let ok) = try await hr.api.listTasks(), case .json(let list) = ok.body else {
                Issue.record("HR could not list tasks")
                return
            }
            for id in ids { #expect(list.items.first { $0.id == id }?.isDone == last[id], "\(id)") }
            try await engine.pull(Self.tasks)
            for id in ids { #expect(try store.row(Self.tasks, id: id)?.fields["isDone"] == .bool(last[id] ?? false)) }
        }
    }

    @Test("the answer to a batch sent while the one before was being recorded is lost: that one stays recorded, this one goes again and counts once")
    func answerLostMidPipeline() async throws {
        try await Self.employeeBehindProxy { employee, proxy, phone, store in
            let engine = SyncEngine(patio: phone, store: store)
            try await engine.pull(Self.tasks)
            let ids = try store.rows(Self.tasks).map(\.id)
            // 100 changes of the first three tasks, then 50 of the other three: two batches, the second sent while
            // the first is recorded.
            for n in 0..<150 {
                let id = n < 100 ? ids[n % 3] : ids[3 + n % 3]
                try store.change(Self.tasks, id: id, fields: ["isDone": .bool(n % 2 == 0)])
            }
            let pushes = Mutex(0)
            proxy.loseAnswer { head in
                guard head.hasPrefix("POST /api/v1/sync/\(Self.tasks)/mutations") else { return false }
                return pushes.withLock { count in
                    count += 1
                    return count == 2
                }
            }
            do {
                _ = try await engine.push(Self.tasks)
                Issue.record("the push whose answer was lost reported success")
            } catch PatioError.offline {}
            #expect(proxy.lostAnswers.count == 1)
            // The first batch's answers were recorded; the second batch, applied by Patio, is still queued.
            #expect(try store.pendingCount() == 50)
            // The network is back.
            let again = try await SyncEngine(patio: employee, store: store).push(Self.tasks)
            #expect(again == SyncEngine.PushReport(applied: 50, conflicts: 0, rejected: 0))
            #expect(try store.pendingCount() == 0)
        }
    }

    @Test("a push whose answer was lost is sent again and counted once: Patio answers duplicate and the change is settled")
    func lostAnswer() async throws {
        try await RunningPatio.with { server in
            let employee = try await server.signedIn("nuevo@demo.patio")
            let store = try OfflineStore.inMemory()
            let engine = SyncEngine(patio: employee, store: store)
            try await engine.pull(Self.tasks)
            let open = try #require(try store.rows(Self.tasks).first { $0.fields["isDone"] == .bool(false) })
            try store.change(Self.tasks, id: open.id, fields: ["isDone": .bool(true)])

            // The same push reaches Patio, but its answer never comes back to the phone.
            _ = try await employee.api.syncPush(
                path: .init(collection: Self.tasks),
                body: .json(
                    .init(
                        clientId: try store.clientID(),
                        mutations: [
                            .init(
                                mutationId: 1, op: .put, id: open.id, baseVersion: open.version,
                                fields: try .init(unvalidatedValue: ["isDone": true]))
                        ])))
            let report = try await engine.push(Self.tasks)
            #expect(report.applied == 1 && report.conflicts == 0 && report.rejected == 0)
            #expect(try store.pendingCount() == 0)
            try await engine.pull(Self.tasks)
            #expect(try store.row(Self.tasks, id: open.id)?.fields["isDone"] == .bool(true))
        }
    }

    @Test("two phones: the stale one's change of a field the other changed is a conflict with both values; keeping mine pushes it on Patio's version")
    func conflict() async throws {
        try await RunningPatio.with { server in
            let phone = SyncEngine(patio: try await server.signedIn("nuevo@demo.patio"), store: try OfflineStore.inMemory())
            let tablet = SyncEngine(patio: try await server.signedIn("nuevo@demo.patio"), store: try OfflineStore.inMemory())
            try await phone.pull(Self.tasks)
            try await tablet.pull(Self.tasks)
            let task = try #require(try phone.store.rows(Self.tasks).first { $0.fields["isDone"] == .bool(false) })

            try phone.store.change(Self.tasks, id: task.id, fields: ["isDone": .bool(true)])
            #expect(try await phone.sync(Self.tasks).applied == 1)

            // The tablet, still on the old version, says the task is not done.
            try tablet.store.change(Self.tasks, id: task.id, fields: ["isDone": .bool(false)])
            #expect(try await tablet.push(Self.tasks).conflicts == 1)
            let conflict = try #require(try tablet.store.conflicts().first)
            #expect(conflict.fields == ["isDone"] && conflict.mine["isDone"] == .bool(false) && conflict.server?["isDone"] == .bool(true))
            #expect(try tablet.store.row(Self.tasks, id: task.id)?.fields["isDone"] == .bool(true))

            try await tablet.resolve(conflict, keepMine: true)
            #expect(try await tablet.sync(Self.tasks).applied == 1)
            try await phone.pull(Self.tasks)
            #expect(try phone.store.row(Self.tasks, id: task.id)?.fields["isDone"] == .bool(false))
            #expect(try tablet.store.conflicts().isEmpty)
        }
    }

    @Test("a change Patio will never take (a task's text, from a phone) is rejected and kept for the app to show; the queue moves on")
    func rejected() async throws {
        try await RunningPatio.with { server in
            let engine = SyncEngine(patio: try await server.signedIn("nuevo@demo.patio"), store: try OfflineStore.inMemory())
            try await engine.pull(Self.tasks)
            let rows = try engine.store.rows(Self.tasks)
            try engine.store.change(Self.tasks, id: rows[0].id, fields: ["text": .string("Otra cosa")])
            try engine.store.change(Self.tasks, id: rows[1].id, fields: ["isDone": .bool(rows[1].fields["isDone"] != .bool(true))])
            let report = try await engine.sync(Self.tasks)
            #expect(report.rejected == 1 && report.applied == 1)
            #expect(try engine.store.rejections().map(\.code) == ["field_not_writable"])
            #expect(try engine.store.row(Self.tasks, id: rows[0].id)?.fields["text"] == rows[0].fields["text"])
        }
    }

    @Test("offline: sync waits 1, 2, 4, 8 s between attempts, then reports offline with the change still queued")
    func offlineBackoff() async throws {
        let recorder = SleepRecorder()
        let nowhere = Patio(serverURL: URL(string: "http://127.0.0.1:\(try RunningPatio.freePort())")!, tokenStore: MemoryTokenStore(token: "t"))
        let engine = SyncEngine(patio: nowhere, store: try OfflineStore.inMemory(), sleep: recorder.sleep)
        try engine.store.change(Self.tasks, id: UUID().uuidString, fields: ["isDone": .bool(true)])
        await #expect(throws: PatioError.self) { try await engine.sync(Self.tasks) }
        #expect(recorder.recorded == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(try engine.store.pendingCount() == 1)
    }
}
