import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging

/// A WebSocket client for live tests: connects to a running Patio, runs `afterFirst` once the first
/// message (the current state) has arrived, and returns every text message until the server closes the
/// socket, or until a message satisfies `until` (for sockets that stay open, such as a live board). Gives up
/// after `timeout`, so a server that never closes fails the test instead of hanging it.
public func watchSocket(
    port: Int, _ path: String, token: String, timeout: Duration = .seconds(30),
    until stop: SocketStop = .whenClosed,
    afterFirst: @escaping @Sendable () async throws -> Void = {}
) async throws -> [String] {
    try await withThrowingTaskGroup(of: [String]?.self) { group in
        group.addTask {
            let received = Received()
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders = [.authorization: "Bearer \(token)"]
            try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)\(path)", configuration: configuration, logger: Logger(label: "test-socket")
            ) { inbound, _, _ in
                for try await message in inbound.messages(maxSize: 1 << 16) {
                    guard case .text(let text) = message else { continue }
                    if received.append(text) == 1 { try await afterFirst() }
                    if stop.test(text) { return }
                }
            }
            return received.all
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let first = try await group.next()!
        group.cancelAll()
        guard let messages = first else { throw SocketTimeout() }
        return messages
    }
}

public struct SocketTimeout: Error {}

/// When a watching test stops listening: when the server closes, or at the first message that passes `test`.
public struct SocketStop: Sendable {
    let test: @Sendable (String) -> Bool

    public static let whenClosed = SocketStop { _ in false }
    public static func when(_ test: @escaping @Sendable (String) -> Bool) -> SocketStop { SocketStop(test: test) }
}

/// Messages received so far (the client's handler and the test read it from different tasks).
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ text: String) -> Int {
        lock.withLock {
            messages.append(text); return messages.count
        }
    }

    var all: [String] { lock.withLock { messages } }
}

/// A message as a JSON object.
public func jsonObject(_ text: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
}
