import Foundation
import Testing

/// A real `patio serve` and a raw socket: what no HTTP client library would send.
@Suite("Connections that stall", .enabled(if: !TestDatabase.isPostgres, "drives the embedded SQLite server"))
struct StalledConnectionTests {
    @Test("a request head Patio cannot parse, or silence, does not hold a connection open; the server keeps answering")
    func stalledConnectionsAreClosed() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patio-stall-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, port) = try await PatioProcess.serve(dataDir: data, environment: ["PATIO_CONNECTION_READ_TIMEOUT": "1"])
        defer { server.terminate() }
        let malformed = Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: a\u{0}b\r\n\r\n".utf8)
        // Without the guard these connections stayed open: the read waited the whole 20 seconds.
        #expect(try HTTP.raw(port: port, malformed, wait: 20).closedByServer)
        #expect(try HTTP.raw(port: port, Array("GARBAGE\r\n\r\n".utf8), wait: 20).closedByServer)
        #expect(try HTTP.raw(port: port, Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8), wait: 20).closedByServer)
        #expect(try await HTTP.get(port: port, path: "/healthz").status == 200)
    }

    @Test("a client silent because it waits for a slow answer keeps its connection: the answer arrives after the read timeout has passed")
    func slowAnswersAreDelivered() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("patio-slow-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try PatioProcess.run(["seed", "--demo", "--data-dir", data]).status == 0)
        // A SAES portal that takes 3 seconds and then hangs up: Patio waits for it, then answers that SAES is down.
        let portal = try SlowPortal(seconds: 3)
        defer { portal.stop() }
        let (server, port) = try await PatioProcess.serve(
            dataDir: data,
            environment: [
                "PATIO_CONNECTION_READ_TIMEOUT": "1", "PATIO_CAMPUS_SAES_PORTAL": "http://127.0.0.1:\(portal.port)/{school}/",
            ])
        defer { server.terminate() }
        let login = try await HTTP.send(
            port: port, method: "POST", path: "/api/v1/auth/login",
            body: #"{"email":"estudiante@demo.patio","password":"demo-password"}"#)
        let session = try JSONSerialization.jsonObject(with: Data(login.body.utf8)) as? [String: Any]
        let token = try #require(session?["token"] as? String)
        // Before, the guard closed this connection a second in, and the student got no answer at all.
        let reply = try await HTTP.send(port: port, method: "POST", path: "/api/v1/campus/saes/challenge", token: token, body: #"{"school":"escom"}"#)
        #expect(reply.status == 503 && reply.body.contains("saes_unavailable"))
    }
}

private struct SlowPortalFailure: Error {}

/// A loopback "server" that accepts one connection, says nothing for `seconds`, then hangs up.
private struct SlowPortal {
    let process: Process
    let port: Int

    init(seconds: Int) throws {
        let script = """
            import socket, time
            s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(); s.settimeout(120)
            print(s.getsockname()[1], flush=True)
            while True:
                c, _ = s.accept(); time.sleep(\(seconds)); c.close()
            """
        // Whatever happens to the test, the portal ends by itself after two quiet minutes (`accept` times out).
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw SlowPortalFailure() }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SlowPortalFailure()
        }
        self.port = port
    }

    func stop() { kill(process.processIdentifier, SIGKILL) }
}
