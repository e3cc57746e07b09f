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
}
