import Foundation
import GRDB
import PatioKit

// The sync engine's throughput against a running Patio (Benchmarks/patiokit sets it up), each as a ratio to
// raw batched SQLite inserts of the same rows on the same disk, measured in this run. The raw inserts take the
// rows as the engine stored them and in the order it stored them: a pull receives rows in the feed's order, not
// by id, and inserting random ids costs SQLite two to three times what inserting them sorted does.
//   1. pull: the demo agent's courier.localities (the setup imports tens of thousands) into an OfflineStore,
//      pages of 1,000, each page and its cursor in one transaction;
//   2. push: the demo employee's onboarding tasks ticked offline (thousands), pushed 100 per request.
// usage: PatioKitBenchmark BASE_URL WORKDIR

let arguments = CommandLine.arguments
guard arguments.count == 3, let base = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: PatioKitBenchmark BASE_URL WORKDIR\n".utf8))
    exit(2)
}
let work = URL(fileURLWithPath: arguments[2])

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func fresh(_ name: String) -> String {
    let path = work.appendingPathComponent(name).path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    return path
}

/// Raw batched inserts of `rows` (id, version, JSON) into a fresh file, `batch` rows per transaction.
func rawInserts(_ rows: [(String, Int, String)], batch: Int, name: String) async throws -> Double {
    let database = try DatabaseQueue(path: fresh(name))
    try await database.write { db in
        try db.execute(
            sql:
                """
                CREATE TABLE rows (collection TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY \
                (collection, id))
                """
        )
    }
    return try await seconds {
        for start in stride(from: 0, to: rows.count, by: batch) {
            let slice = rows[start..<min(start + batch, rows.count)]
            try await database.write { db in
                let statement = try db.makeStatement(sql: "INSERT OR REPLACE INTO rows (collection, id, version, data) VALUES ('c', ?, ?, ?)")
                for (id, version, data) in slice { try statement.execute(arguments: [id, version, data]) }
            }
        }
    }
}

/// The rows of `collection` in the store at `path` as it wrote them (id, version, JSON) and in the order it wrote
/// them: an insert, or a replace, gives the row the next rowid.
func stored(_ collection: String, in path: String) throws -> [(String, Int, String)] {
    try DatabaseQueue(path: path).read { db in
        try Row.fetchAll(db, sql: "SELECT id, version, data FROM kit_rows WHERE collection = ? ORDER BY rowid", arguments: [collection])
            .map { ($0["id"], $0["version"], $0["data"]) }
    }
}

/// For reference: the same raw inserts with the rows sorted by id, which no device receives them in.
func printSorted(_ rows: [(String, Int, String)], batch: Int, name: String) async throws {
    let seconds = try await rawInserts(rows.sorted { $0.0 < $1.0 }, batch: batch, name: name)
    print("  (the same raw inserts in id order: \(Int(Double(rows.count) / seconds)) rows/s)")
}

do {
    // 1. Pull.
    let agent = Patio(serverURL: base, tokenStore: MemoryTokenStore())
    try await agent.signIn(email: "mensajero@demo.patio", password: "demo-password")
    let pullPath = fresh("pull.sqlite")
    let pullEngine = SyncEngine(patio: agent, store: try OfflineStore(path: pullPath), pageSize: 1000)
    var pulled = 0
    let pullSeconds = try await seconds { pulled = try await pullEngine.pull("courier.localities") }
    let pulledRows = try stored("courier.localities", in: pullPath)
    let rawPullSeconds = try await rawInserts(pulledRows, batch: 1000, name: "raw-pull.sqlite")
    let pullRate = Double(pulled) / pullSeconds, rawPullRate = Double(pulledRows.count) / rawPullSeconds
    print(
        """
        pull: \(pulled) changes in \(String(format: "%.2f", pullSeconds)) s = \(Int(pullRate)) rows/s; raw batched SQLite inserts: \
        \(Int(rawPullRate)) rows/s; ratio \(String(format: "%.3f", pullRate / rawPullRate))
        """
    )
    try await printSorted(pulledRows, batch: 1000, name: "raw-pull-sorted.sqlite")

    // 2. Push.
    let employee = Patio(serverURL: base, tokenStore: MemoryTokenStore())
    try await employee.signIn(email: "nuevo@demo.patio", password: "demo-password")
    let pushPath = fresh("push.sqlite")
    let pushEngine = SyncEngine(patio: employee, store: try OfflineStore(path: pushPath), pageSize: 1000)
    try await pushEngine.pull(OnboardingFacade.tasks)
    let tasks = try employee.onboarding.tasks(in: pushEngine.store)
    for task in tasks { try employee.onboarding.setDone(task.id, !task.isDone, in: pushEngine.store) }
    var report = SyncEngine.PushReport()
    let pushSeconds = try await seconds { report = try await pushEngine.push(OnboardingFacade.tasks) }
    guard report.applied == tasks.count else { throw PatioError.store("only \(report.applied) of \(tasks.count) edits applied: \(report)") }
    let edited = try stored(OnboardingFacade.tasks, in: pushPath)
    let rawPushSeconds = try await rawInserts(edited, batch: 100, name: "raw-push.sqlite")
    let pushRate = Double(report.applied) / pushSeconds, rawPushRate = Double(edited.count) / rawPushSeconds
    print(
        """
        push: \(report.applied) offline edits in \(String(format: "%.2f", pushSeconds)) s = \(Int(pushRate)) rows/s; raw batched SQLite inserts \
        (100 per transaction): \(Int(rawPushRate)) rows/s; ratio \(String(format: "%.3f", pushRate / rawPushRate))
        """
    )
    try await printSorted(edited, batch: 100, name: "raw-push-sorted.sqlite")
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
