import Foundation
import PatioKit

// patio-client: PatioKit from a terminal, as an app would use it — sign in once (the token stays in a 0600
// file), list, change things offline, sync.
//
//   swift run patio-client sign-in http://127.0.0.1:8080 nuevo@demo.patio   (password from PATIO_PASSWORD or asked)
//   swift run patio-client tasks                                              (onboarding tasks from the offline copy)
//   swift run patio-client tick <task id>                                     (offline: queued until the next sync)
//   swift run patio-client sync                                               (push the queue, pull what changed)
//   swift run patio-client version classly 1.1.0
//   swift run patio-client sign-out

let home = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["PATIO_CLIENT_HOME"]
        ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".patio-client").path)
let serverFile = home.appendingPathComponent("server")
let tasks = "onboarding.tasks"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

func patio(server: String? = nil) throws -> Patio {
    guard let address = server ?? (try? String(contentsOf: serverFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines),
        let url = URL(string: address)
    else { fail("Sign in first: patio-client sign-in <server> <email>") }
    return Patio(serverURL: url, tokenStore: FileTokenStore(url: home.appendingPathComponent("session")))
}

func engine(_ patio: Patio) throws -> SyncEngine {
    SyncEngine(patio: patio, store: try OfflineStore(path: home.appendingPathComponent("offline.sqlite").path))
}

func describe(_ error: any Error) -> String {
    switch error {
    case PatioError.problem(let problem): return "Patio says: \(problem.detail) (\(problem.code))"
    case PatioError.signedOut: return "Signed out: sign in again."
    case PatioError.offline: return "Patio cannot be reached; your changes are kept and go with the next sync."
    case PatioError.rateLimited(let wait, _): return "Too many attempts; wait \(wait.map { "\($0.components.seconds) s" } ?? "a while")."
    default: return "\(error)"
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    switch arguments.first {
    case "sign-in":
        guard arguments.count == 3 else { fail("patio-client sign-in <server> <email>") }
        let password = ProcessInfo.processInfo.environment["PATIO_PASSWORD"] ?? String(cString: getpass("Password: "))
        let client = try patio(server: arguments[1])
        let account = try await client.signIn(email: arguments[2], password: password)
        try arguments[1].write(to: serverFile, atomically: true, encoding: .utf8)
        print("Signed in as \(account.name) (\(account.email)).")
    case "tasks":
        let store = try engine(try patio()).store
        let rows = try store.rows(tasks)
        if rows.isEmpty { print("No tasks in the offline copy yet: run patio-client sync.") }
        for row in rows.sorted(by: { ($0.fields["dueDate"]?.string ?? "") < ($1.fields["dueDate"]?.string ?? "") }) {
            let done = row.fields["isDone"] == .bool(true) ? "[x]" : "[ ]"
            print(
                """
                \(done) \(row.fields["dueDate"]?.string ?? "")  \(row.fields["text"]?.string ?? "")\(row.isPending ? "  (not synced yet)" : "") \
                 \(row.id)
                """
            )
        }
    case "tick":
        guard arguments.count == 2 else { fail("patio-client tick <task id>") }
        let store = try engine(try patio()).store
        guard let row = try store.row(tasks, id: arguments[1]) else { fail("No task \(arguments[1]) in the offline copy.") }
        try store.change(tasks, id: row.id, fields: ["isDone": .bool(row.fields["isDone"] != .bool(true))])
        print("Changed offline; \(try store.pendingCount()) change(s) waiting for sync.")
    case "sync":
        let sync = try engine(try patio())
        let report = try await sync.sync(tasks)
        print(
            """
            Sent \(report.applied) change(s); \(report.conflicts) conflict(s), \(report.rejected) refused. \(try sync.store.rows(tasks).count) \
            task(s) offline.
            """
        )
        for conflict in try sync.store.conflicts() { print("Conflict on \(conflict.rowID): \(conflict.fields.joined(separator: ", "))") }
        for rejection in try sync.store.rejections() { print("Refused \(rejection.rowID): \(rejection.detail)") }
    case "version":
        guard arguments.count == 3 else { fail("patio-client version <app> <installed version>") }
        print(try await patio().checkVersion(app: arguments[1], current: arguments[2]))
    case "sign-out":
        try await patio().signOut()
        print("Signed out.")
    default:
        fail("patio-client sign-in <server> <email> | tasks | tick <id> | sync | version <app> <version> | sign-out")
    }
} catch {
    fail(describe(error))
}
