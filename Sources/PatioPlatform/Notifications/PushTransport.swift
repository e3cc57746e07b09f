import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One push as it goes over the wire to a push service, and what the service answered.
public struct PushRequest: Sendable {
    public var url: URL
    public var headers: [(String, String)]
    public var body: [UInt8]
}

public struct PushResponse: Sendable {
    public var status: Int
    /// `Retry-After` in seconds, when the service said how long to wait.
    public var retryAfter: TimeInterval?
    public var body: String
}

/// How pushes leave Patio: HTTP to the push service, or whatever a test puts in its place.
public struct PushTransport: Sendable {
    public var send: @Sendable (PushRequest) async throws -> PushResponse

    public init(send: @escaping @Sendable (PushRequest) async throws -> PushResponse) {
        self.send = send
    }

    /// Over HTTPS (HTTP/2 where the service speaks it) with AsyncHTTPClient, 15 s per push.
    public static func live(client: HTTPClient = .shared) -> PushTransport {
        PushTransport { push in
            var request = HTTPClientRequest(url: push.url.absoluteString)
            request.method = .POST
            for (name, value) in push.headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(bytes: push.body))
            let response = try await client.execute(request, timeout: .seconds(15))
            // An error body is kept for the delivery log, never more than 4 KB of it; the rest is read and dropped.
            var body = ByteBuffer()
            for try await var chunk in response.body where body.readableBytes < 4096 {
                body.writeBuffer(&chunk)
            }
            let retryAfter = response.headers.first(name: "retry-after").flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }
            return PushResponse(
                status: Int(response.status.code), retryAfter: retryAfter, body: String(decoding: body.readableBytesView.prefix(4096), as: UTF8.self))
        }
    }
}
