import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(WSClient)
    import HTTPTypes
    import Logging
    import WSClient
#endif

/// The text messages of one WebSocket connection, until the server closes it. URLSession's WebSocket task on
/// Apple platforms; swift-websocket's client on Linux, where Foundation's needs a libcurl built with
/// WebSocket support.
enum WebSocketTexts {
    static func connect(_ url: URL, token: String?) -> AsyncThrowingStream<String, any Error> {
        #if canImport(WSClient)
            return AsyncThrowingStream { continuation in
                let task = Task {
                    do {
                        var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
                        if let token { configuration.additionalHeaders = [.authorization: "Bearer \(token)"] }
                        try await WebSocketClient.connect(
                            url: url.absoluteString, configuration: configuration,
                            logger: Logger(label: "patiokit.websocket")
                        ) { inbound, _, _ in
                            for try await message in inbound.messages(maxSize: 1 << 20) {
                                if case .text(let text) = message { continuation.yield(text) }
                            }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: PatioError.offline(String(describing: error)))
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        #else
            return AsyncThrowingStream { continuation in
                var request = URLRequest(url: url)
                if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
                let socket = URLSession.shared.webSocketTask(with: request)
                socket.resume()
                let task = Task {
                    do {
                        while !Task.isCancelled {
                            if case .string(let text) = try await socket.receive() { continuation.yield(text) }
                        }
                        continuation.finish()
                    } catch {
                        // A close from the server ends the receive loop with an error; a normal close is the end.
                        if socket.closeCode == .normalClosure || socket.closeCode == .goingAway {
                            continuation.finish()
                        } else {
                            continuation.finish(throwing: PatioError.offline(String(describing: error)))
                        }
                    }
                }
                continuation.onTermination = { _ in
                    task.cancel()
                    socket.cancel(with: .goingAway, reason: nil)
                }
            }
        #endif
    }

    /// `http(s)://host/path` as `ws(s)://host/path`.
    static func socketURL(_ base: URL, path: String) -> URL? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        components.scheme = components.scheme == "https" ? "wss" : "ws"
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + path
        return components.url
    }
}
