import Foundation
import Hummingbird
import HummingbirdWebSocket
import PatioCore
import PatioPlatform

/// One WebSocket client watching one payment request: it gets the request as it is when it connects, then
/// again after every change, and the server closes the socket after a final state (accepted, declined,
/// cancelled, expired). Each message is the request as this viewer may see it, read fresh from the
/// database, with its status label in the viewer's language.
///
/// ```json
/// {"type":"payment_request","state":"accepted","label":"Paid","request":{…as GET /api/v1/payments/requests/{id}…}}
/// ```
struct PaymentRequestWatch: Sendable {
    let requests: PaymentRequestService
    let id: UUID
    let viewer: PaymentsProfileModel
    let baseURL: String
    let locale: PatioLocale

    /// The upgrade check shared by the API route (bearer token, for apps) and the page route (session
    /// cookie, for the browser): 404 before any upgrade when the caller may not see the request.
    static func prepare(_ s: PaymentsServices) -> @Sendable (Request, PatioRequestContext) async throws -> WebSocketSession {
        { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            let id = try context.uuidParameter("id")
            let baseURL = PublicAddress.base(publicURL: s.publicURL, request: request)
            _ = try await s.requests.find(id, viewer: profile, baseURL: baseURL)
            let watch = PaymentRequestWatch(requests: s.requests, id: id, viewer: profile, baseURL: baseURL, locale: context.locale)
            return { inbound, outbound, _ in try await watch.run(inbound: inbound, outbound: outbound) }
        }
    }

    struct Message: Encodable {
        var type = "payment_request"
        var state: String
        var label: String
        var request: PaymentRequestView
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        // Watch first, then read: a change between the two is then heard, never lost.
        let signals = await requests.events.watch(PaymentRequestService.topic(id))
        guard try await sendCurrent(outbound) == .open else { return }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Clients have nothing to say; reading notices when they go away.
                for try await _ in inbound.messages(maxSize: 4_096) {}
            }
            group.addTask {
                for await _ in signals {
                    if try await sendCurrent(outbound) == .final { return }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private enum Phase { case open, final }

    private func sendCurrent(_ outbound: WebSocketOutboundWriter) async throws -> Phase {
        let view: PaymentRequestView
        do {
            view = try await requests.find(id, viewer: viewer, baseURL: baseURL)
        } catch let error as AppError {
            // The viewer's account or profile went away while watching.
            try await outbound.write(.text(#"{"type":"error","code":"\#(error.code)"}"#))
            return .final
        }
        let label = PaymentsStrings.all[locale]?["pay_status_\(view.status)"] ?? view.status
        let json = try PatioJSON.encoder().encode(Message(state: view.status, label: label, request: view))
        try await outbound.write(.text(String(decoding: json, as: UTF8.self)))
        return view.status == RequestStatus.pending.rawValue ? .open : .final
    }
}
