import Foundation
import PatioAPI

/// One state of a payment request, as its live stream tells it.
public struct PaymentRequestEvent: Sendable, Equatable {
    /// `pending`, `accepted`, `declined`, `cancelled` or `expired`.
    public var state: String
    /// The state in the signed-in person's language.
    public var label: String
    /// The request as `GET /api/v1/payments/requests/{id}` answers it for this person.
    public var request: Components.Schemas.PaymentsRequest

    /// No more changes come after a final state.
    public var isFinal: Bool { state != "pending" }
}

extension PaymentsFacade {
    /// The request's states as they happen: the current one first, then one per change; the sequence ends
    /// after a final state. A connection that drops while the request is pending is opened again with a
    /// growing delay (1, 2, 4… seconds, five times); the first message after that brings the state up to date.
    /// A request the person may not see throws ``PatioError/problem(_:)`` (`payment_request_not_found`).
    public func events(requestID: String, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) })
        -> AsyncThrowingStream<PaymentRequestEvent, any Error>
    {
        let patio = patio
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    // Refusals (not found, signed out) come from a plain read, with their codes.
                    _ = try await patio.call { try await patio.api.getPaymentsRequest(path: .init(id: requestID)).ok.body.json }
                    guard let url = WebSocketTexts.socketURL(patio.serverURL, path: "/api/v1/payments/requests/\(requestID)/events") else {
                        throw PatioError.unexpected(status: 0)
                    }
                    var drops = 0
                    while true {
                        var last: PaymentRequestEvent?
                        do {
                            for try await text in WebSocketTexts.connect(url, token: await patio.session.token()) {
                                guard let event = try Self.event(text) else { continue }
                                last = event
                                drops = 0
                                continuation.yield(event)
                            }
                        } catch PatioError.offline {
                            // Dropped: below, as a close without a final state.
                        }
                        if last?.isFinal == true { break }
                        drops += 1
                        guard drops <= 5 else { throw PatioError.offline("the payment request's stream keeps dropping") }
                        try await sleep(.seconds(1 << (drops - 1)))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private struct Message: Decodable {
        var type: String
        var state: String?
        var label: String?
        var request: Components.Schemas.PaymentsRequest?
        var code: String?
    }

    static func event(_ text: String) throws -> PaymentRequestEvent? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            if let date = formatter.date(from: text) { return date }
            formatter.formatOptions = [.withInternetDateTime]
            if let date = formatter.date(from: text) { return date }
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a time: \(text)"))
        }
        let message = try decoder.decode(Message.self, from: Data(text.utf8))
        if message.type == "error" {
            throw PatioError.problem(
                Problem(
                    status: 404, code: message.code ?? "payment_request_not_found", title: "Not Found",
                    detail: "This payment request can no longer be seen.", errors: nil))
        }
        guard message.type == "payment_request", let state = message.state, let request = message.request else { return nil }
        return PaymentRequestEvent(state: state, label: message.label ?? state, request: request)
    }
}
