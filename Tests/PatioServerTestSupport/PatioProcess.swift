import Foundation
import NIOPosix
import Testing

/// Runs the real `patio` executable built next to the tests.
public struct PatioProcess {
    public static var executable: URL {
        // Tests/PatioServerTestSupport/PatioProcess.swift → package root → .build/debug/patio
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/patio")
    }

    public struct Output: Sendable { public var status: Int32; public var stdout: String; public var stderr: String }

    /// Runs a command to completion on NIO's thread pool, so the wait never holds one of the cooperative
    /// threads every other test (and any server under test) shares.
    public static func runOffPool(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await NIOThreadPool.singleton.runIfActive { try run(arguments, environment: environment) }
    }

    /// Runs a command to completion.
    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PATIO_") && $0.key != "DATABASE_URL" }.merging(
            environment
        ) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Starts `patio serve` on a free port and waits until it answers `/healthz`.
    public static func serve(dataDir: String, environment: [String: String] = [:]) async throws -> (process: Process, port: Int) {
        let port = try freePort()
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--data-dir", dataDir, "--port", String(port)]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PATIO_") && $0.key != "DATABASE_URL" }.merging(
            environment
        ) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<300 {
            if (try? await HTTP.get(port: port, path: "/healthz"))?.status == 200 { return (process, port) }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw CLIFailure("patio serve did not start")
    }

    public static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

public struct CLIFailure: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A minimal HTTP/1.1 client over a loopback socket (no URLSession dependency on Linux).
public enum HTTP {
    public struct Reply: Sendable { public var status: Int; public var body: String }

    public static func get(port: Int, path: String, token: String? = nil) async throws -> Reply {
        try await send(port: port, method: "GET", path: path, token: token, body: nil)
    }

    public static func send(port: Int, method: String, path: String, token: String? = nil, body: String?, headers: [String: String] = [:])
        async throws -> Reply
    {
        try await Task.detached { try sendBlocking(port: port, method: method, path: path, token: token, body: body, headers: headers) }.value
    }

    /// The same request on the calling thread (for load generators running on their own threads).
    public static func sendBlocking(port: Int, method: String, path: String, token: String? = nil, body: String?, headers: [String: String] = [:])
        throws -> Reply
    {
        let fd = try connectLoopback(port: port)
        defer { close(fd) }
        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)" } else { request += "\r\n" }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var response = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        let text = String(decoding: response, as: UTF8.self)
        let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return Reply(status: status, body: body)
    }

    /// Sends `bytes` as they are and reads until the server closes the connection or `wait` passes.
    /// Answers what came back and whether the server closed the connection.
    public static func raw(port: Int, _ bytes: [UInt8], wait seconds: Int) throws -> (received: [UInt8], closedByServer: Bool) {
        let fd = try connectLoopback(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { return (received, true) }
            if count < 0 { return (received, false) }  // the wait passed (EAGAIN) with the connection still open
            received += buffer[0..<count]
        }
    }

    /// A socket connected to `127.0.0.1:port`; the caller closes it.
    public static func connectLoopback(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CLIFailure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw CLIFailure("connect")
        }
        return fd
    }
}
