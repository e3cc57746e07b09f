import Foundation
import Hummingbird
import HummingbirdWebSocket
import PatioCore
import PatioPlatform

/// Dispatch's live board: a WebSocket client gets the day's pickups when it connects and again after
/// every change (on any instance: the event bus relays across instances on PostgreSQL).
///
/// ```json
/// {"type":"board","day":"2026-11-23","pickups":[…as GET /api/v1/courier/pickups…]}
/// ```
struct BoardWatch: Sendable {
    let pickups: PickupService
    let day: LocalDate

    /// The upgrade check shared by the API route (bearer token) and the page route (session cookie).
    static func prepare(_ s: CourierServices) -> @Sendable (Request, PatioRequestContext) async throws -> WebSocketSession {
        { request, _ in
            let day = try CourierAPI.day(request.uri.queryParameters["day"].map(String.init), clock: s.clock)
            let watch = BoardWatch(pickups: s.pickups, day: day)
            return { inbound, outbound, _ in try await watch.run(inbound: inbound, outbound: outbound) }
        }
    }

    struct Message: Encodable {
        var type = "board"
        var day: String
        var pickups: [PickupView]
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        // Watch first, then read: a change between the two is heard, never lost.
        let signals = await pickups.events.watch(PickupService.boardTopic)
        try await sendCurrent(outbound)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await _ in inbound.messages(maxSize: 4_096) {}
            }
            group.addTask {
                for await _ in signals { try await sendCurrent(outbound) }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func sendCurrent(_ outbound: WebSocketOutboundWriter) async throws {
        let json = try PatioJSON.encoder().encode(Message(day: day.description, pickups: try await pickups.board(day: day)))
        try await outbound.write(.text(String(decoding: json, as: UTF8.self)))
    }
}
