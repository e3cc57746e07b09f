import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback TCP proxy between a client and a running Patio that can lose an answer on the way back: the
/// request it is told to lose reaches Patio whole, Patio answers it, and the proxy closes the client's
/// connection without relaying a byte of that answer. What a phone meets when the network drops while
/// Patio is answering. Everything else is relayed as is, and every request head that passes is recorded.
final class LosingProxy: @unchecked Sendable {
    /// Where clients connect instead of Patio.
    let base: URL
    private let listener: Int32
    private let upstreamPort: UInt16
    private let lock = NSLock()
    private var toLose: [@Sendable (String) -> Bool] = []
    private var heads: [String] = []
    private var lost: [String] = []
    private var sockets: Set<Int32> = []
    private var stopped = false

    init(to upstream: URL) throws {
        guard let port = upstream.port else { throw ProxyError("no port in \(upstream)") }
        upstreamPort = UInt16(port)
        let descriptor = socket(AF_INET, Self.streamType, 0)
        guard descriptor >= 0 else { throw ProxyError("socket") }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ProxyError("bind/listen")
        }
        listener = descriptor
        base = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        Thread { [self] in acceptLoop() }.start()
    }

    /// The answer to the next request whose head (request line and headers, as sent) satisfies `matches` is lost.
    func loseAnswer(toRequestWhere matches: @escaping @Sendable (String) -> Bool) {
        lock.withLock { toLose.append(matches) }
    }

    /// Every request head relayed so far, in order.
    var requestHeads: [String] { lock.withLock { heads } }
    /// The status lines of the answers Patio gave and the client never got.
    var lostAnswers: [String] { lock.withLock { lost } }

    /// Closes the listener and every relayed connection.
    func stop() {
        let open: Set<Int32> = lock.withLock {
            stopped = true
            return sockets
        }
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    // MARK: - Relaying

    private func acceptLoop() {
        defer { close(listener) }
        while !lock.withLock({ stopped }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let upstream = socket(AF_INET, Self.streamType, 0)
            var address = Self.loopback(port: upstreamPort)
            let connected =
                upstream >= 0
                && withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                    }
                }
            guard connected else {
                close(client)
                if upstream >= 0 { close(upstream) }
                continue
            }
            Self.noSigPipe(client)
            Self.noSigPipe(upstream)
            let connection = Connection(client: client, upstream: upstream)
            lock.withLock { sockets.formUnion([client, upstream]) }
            Thread { [self] in toPatio(connection) }.start()
            Thread { [self] in toClient(connection) }.start()
        }
    }

    /// Client → Patio: each complete request head is recorded (and checked against what is to be lost)
    /// before its bytes are sent on, so the connection is marked before Patio can answer.
    private func toPatio(_ connection: Connection) {
        var pending = Data()
        var parsing = true
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(connection.client, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            let chunk = Data(buffer[0..<count])
            if parsing {
                pending.append(chunk)
                parsing = takeHeads(from: &pending, connection: connection)
            }
            guard Self.sendAll(connection.upstream, chunk) else { break }
        }
        finish(connection)
    }

    /// Splits complete requests off `pending` (head, then a `Content-Length` body). Returns false when the
    /// stream can no longer be followed (a chunked body), after which requests are relayed unrecorded.
    private func takeHeads(from pending: inout Data, connection: Connection) -> Bool {
        let separator = Data("\r\n\r\n".utf8)
        while let end = pending.range(of: separator) {
            let head = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self)
            let fields = head.lowercased().split(separator: "\r\n")
            if fields.contains(where: { $0.hasPrefix("transfer-encoding:") }) { return false }
            let length =
                fields.first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard pending.distance(from: end.upperBound, to: pending.endIndex) >= length else { return true }
            pending = Data(pending[pending.index(end.upperBound, offsetBy: length)...])
            lock.withLock {
                heads.append(head)
                if let index = toLose.firstIndex(where: { $0(head) }) {
                    toLose.remove(at: index)
                    connection.losing = true
                }
            }
        }
        return true
    }

    /// Patio → client, except on a connection whose answer is to be lost: the first bytes of that answer
    /// (proof that Patio answered) end both sides instead.
    private func toClient(_ connection: Connection) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(connection.upstream, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            let chunk = Data(buffer[0..<count])
            if lock.withLock({ connection.losing }) {
                let statusLine = String(decoding: chunk, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
                lock.withLock { lost.append(statusLine) }
                break
            }
            guard Self.sendAll(connection.client, chunk) else { break }
        }
        finish(connection)
    }

    /// Ends both sides; the second of the two relaying threads to get here closes the sockets.
    private func finish(_ connection: Connection) {
        shutdown(connection.client, Int32(SHUT_RDWR))
        shutdown(connection.upstream, Int32(SHUT_RDWR))
        let last = lock.withLock {
            connection.finished += 1
            if connection.finished == 2 { sockets.subtract([connection.client, connection.upstream]) }
            return connection.finished == 2
        }
        if last {
            close(connection.client)
            close(connection.upstream)
        }
    }

    private final class Connection: @unchecked Sendable {
        let client: Int32
        let upstream: Int32
        /// Guarded by the proxy's lock.
        var losing = false
        var finished = 0
        init(client: Int32, upstream: Int32) {
            self.client = client
            self.upstream = upstream
        }
    }

    private static func sendAll(_ descriptor: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, noSignal)
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    // A peer that has gone away must fail the send, not raise SIGPIPE in the test process.
    #if os(Linux)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let noSignal = Int32(MSG_NOSIGNAL)
        private static func noSigPipe(_ descriptor: Int32) {}
    #else
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0
        private static func noSigPipe(_ descriptor: Int32) {
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        }
    #endif

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        return address
    }

    struct ProxyError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
