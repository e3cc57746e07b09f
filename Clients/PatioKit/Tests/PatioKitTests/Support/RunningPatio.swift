import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import PatioKit
import Testing

/// A real `patio serve --demo` on a free loopback port with its own data folder, for one test: PatioKit is
/// tested against the server apps talk to, not a stub. The binary is `PATIO_BIN`, or the repository's debug
/// build (scripts/test builds it first).
struct RunningPatio: Sendable {
    static let password = "demo-password"
    let base: URL

    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["PATIO_BIN"] { return URL(fileURLWithPath: path) }
        // Tests/PatioKitTests/Support/RunningPatio.swift → the repository root, four folders up from Clients/PatioKit.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/patio")
    }

    /// The fake SAES portal's program, built next to `patio`.
    static var fakeSAESBinary: URL { binary.deletingLastPathComponent().appendingPathComponent("patio-fake-saes") }

    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw PatioError.offline("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts Patio on a copy of the demo data, runs `body` with it, and stops it (also when `body` throws).
    static func with(environment extra: [String: String] = [:], _ body: (RunningPatio) async throws -> Void) async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try await DemoTemplate.shared.folder(), to: data)
        defer { try? FileManager.default.removeItem(at: data) }
        let port = try freePort()
        let log = data.appendingPathComponent("server.log")
        let process = try launch(["serve", "--demo", "--port", "\(port)", "--data-dir", data.path], log: log, environment: extra)
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let outcome: Result<Void, any Error>
        do {
            try await waitUntilHealthy(base, process: process, log: log)
            try await body(RunningPatio(base: base))
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await process.stop()
        try outcome.get()
    }

    static func launch(_ arguments: [String], log: URL, environment extra: [String: String] = [:], binary: URL = RunningPatio.binary) throws
        -> Process
    {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return process
    }

    private static func waitUntilHealthy(_ base: URL, process: Process, log: URL) async throws {
        for _ in 0..<600 {
            guard process.isRunning else { break }
            if let (_, response) = try? await URLSession.shared.data(from: base.appendingPathComponent("healthz")),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        Issue.record("patio serve did not start: \(output.suffix(2000))")
        throw PatioError.offline("patio serve did not start")
    }

    /// A client with its token in memory and waits recorded instead of slept.
    func client(configure: (inout Patio.Configuration) -> Void = { _ in }) -> Patio {
        var configuration = Patio.Configuration()
        configure(&configuration)
        return Patio(serverURL: base, tokenStore: MemoryTokenStore(), configuration: configuration)
    }

    /// A client signed in as a demo account.
    func signedIn(_ email: String, configure: (inout Patio.Configuration) -> Void = { _ in }) async throws -> Patio {
        let patio = client(configure: configure)
        _ = try await patio.signIn(email: email, password: Self.password)
        return patio
    }
}

/// The demo data, seeded once per test run: each test serves a copy, so a dozen servers start in parallel
/// without each seeding its own.
actor DemoTemplate {
    static let shared = DemoTemplate()
    private var seeded: Task<URL, any Error>?

    func folder() async throws -> URL {
        if let seeded { return try await seeded.value }
        let task = Task<URL, any Error> {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-demo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("patiokit-seed-\(UUID().uuidString).log")
            let process = try RunningPatio.launch(["seed", "--demo", "--data-dir", folder.path], log: log)
            await process.exited()
            guard process.terminationStatus == 0 else {
                throw PatioError.store("patio seed --demo failed: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
            }
            return folder
        }
        seeded = task
        return try await task.value
    }
}

extension Process {
    /// Waits for the process to end without holding one of the few threads Swift's concurrency runs on: a
    /// blocking `waitUntilExit()` in a test ties up a thread of the shared pool, and on a two-core machine two
    /// of them stop every other test.
    func exited() async {
        while isRunning { try? await Task.sleep(for: .milliseconds(50)) }
    }

    /// Asks the process to stop (SIGTERM) and waits for it; one that is still running 30 s later is killed.
    func stop() async {
        guard isRunning else { return }
        terminate()
        let deadline = ContinuousClock.now + .seconds(30)
        while isRunning, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(50)) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        await exited()
    }
}
