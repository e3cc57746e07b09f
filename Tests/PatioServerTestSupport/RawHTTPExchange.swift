import Foundation
import NIOPosix
#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP/1.1 exchange over a plain TCP socket with a running Patio: the request goes out exactly as
/// given — the bytes a real client sends, with its own headers and nothing added — and the answer is read
/// back by its `Content-Length` (or chunks).
///
/// HTTP clients in tests add headers of their own (`HTTP.send` too); a compatibility test that must show
/// Patio serves an app's request as that app really sends it cannot go through one. Unlike `HTTP.raw`, which
/// reads until the server closes, this reads one answer on a connection the client asked to keep alive.
public enum RawHTTPExchange {
    public struct Answer: Sendable {
        public let status: Int
        /// Header names lower-cased.
        public let headers: [String: String]
        public let body: Data

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sends `request` (CRLF line ends, as on the wire) to 127.0.0.1:`port` and reads one answer.
    public static func send(_ request: String, port: Int, timeoutSeconds: Int = 60) async throws -> Answer {
        // Blocking socket calls run on NIO's thread pool, never on the cooperative threads the server shares.
        try await NIOThreadPool.singleton.runIfActive {
            try exchange(Array(request.utf8), port: port, timeoutSeconds: timeoutSeconds)
        }
    }

    private static func exchange(_ bytes: [UInt8], port: Int, timeoutSeconds: Int) throws -> Answer {
        let socket = try HTTP.connectLoopback(port: port)
        defer { close(socket) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw Failure(description: "send failed after \(sent) bytes") }
            sent += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            if let answer = try parse(received) { return answer }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                throw Failure(
                    description: errno == EAGAIN || errno == EWOULDBLOCK ? "no answer within \(timeoutSeconds) s" : "recv failed (errno \(errno))")
            }
            guard count > 0 else {
                if let answer = try parse(received, closed: true) { return answer }
                throw Failure(description: "the connection ended before a whole answer (\(received.count) bytes)")
            }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// The answer in `bytes` once it is complete, nil while more must be read.
    static func parse(_ bytes: [UInt8], closed: Bool = false) throws -> Answer? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = bytes.firstRange(of: separator) else { return nil }
        let head = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head.first?.split(separator: " ") ?? []
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "not an HTTP answer: \(head.first ?? "")") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = Array(bytes[headEnd.upperBound...])
        if let length = headers["content-length"].flatMap(Int.init) {
            return rest.count >= length ? Answer(status: status, headers: headers, body: Data(rest.prefix(length))) : nil
        }
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            return dechunk(rest).map { Answer(status: status, headers: headers, body: $0) }
        }
        return closed ? Answer(status: status, headers: headers, body: Data(rest)) : nil
    }

    /// The body of a complete chunked message, nil while the last chunk has not arrived.
    private static func dechunk(_ bytes: [UInt8]) -> Data? {
        var body = Data()
        var index = 0
        while let lineEnd = bytes[index...].firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: bytes[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { return nil }
            let start = lineEnd.upperBound
            if size == 0 { return body }
            guard bytes.count >= start + size + 2 else { return nil }
            body.append(contentsOf: bytes[start..<start + size])
            index = start + size + 2
        }
        return nil
    }
}
