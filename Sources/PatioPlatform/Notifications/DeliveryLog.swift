import Foundation
import PatioCore
import PatioData
import SQLKit

/// One push delivery as a platform admin sees it: to whom, by which channel, and what became of it.
public struct DeliveryView: Codable, Sendable, Equatable {
    public var id: UUID
    public var notificationId: UUID
    public var kind: String
    public var accountId: UUID
    public var channel: String
    /// `pending`, `sent`, `gone`, `failed` or `cancelled`.
    public var state: String
    public var attempts: Int
    public var lastStatus: Int?
    public var lastError: String?
    public var dueAt: Date
    public var updatedAt: Date
}

extension NotificationService {
    /// The states a delivery can be in.
    public static let deliveryStates = ["pending", "sent", "gone", "failed", "cancelled"]

    /// Deliveries, most recently changed first; only those in `state` when given.
    public func deliveries(state: String?, page: CursorPageRequest) async throws -> CursorPage<DeliveryView> {
        var conditions: [SQLQueryString] = ["1 = 1"]
        if let state {
            guard Self.deliveryStates.contains(state) else {
                throw AppError.validation(field: "state", "Use pending, sent, gone, failed or cancelled.", code: "delivery_state")
            }
            conditions.append("d.state = \(bind: state)")
        }
        if let (time, id) = try page.timeAndID() {
            conditions.append(NewestFirstCursor.after(time: time, id: id, timeColumn: "d.updated_at", idColumn: "d.id"))
        }
        struct Row: Decodable {
            let id: UUID
            let notification_id: UUID
            let kind: String
            let account_id: UUID
            let channel: String
            let state: String
            let attempts: Int
            let last_status: Int?
            let last_error: String?
            let due_at: Date
            let updated_at: Date
        }
        let rows = try await (try database.reader.sql).raw(
            """
            SELECT d.id, d.notification_id, n.kind, n.account_id, d.channel, d.state, d.attempts, d.last_status, d.last_error, d.due_at,
              d.updated_at
            FROM platform_notification_deliveries d JOIN platform_notifications n ON n.id = d.notification_id
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY d.updated_at DESC, d.id DESC LIMIT \(literal: page.limit + 1)
            """
        ).all(decoding: Row.self)
        let items = rows.prefix(page.limit).map {
            DeliveryView(
                id: $0.id, notificationId: $0.notification_id, kind: $0.kind, accountId: $0.account_id, channel: $0.channel, state: $0.state,
                attempts: $0.attempts, lastStatus: $0.last_status, lastError: $0.last_error, dueAt: $0.due_at, updatedAt: $0.updated_at)
        }
        let next = rows.count > page.limit ? rows[page.limit - 1] : nil
        return CursorPage(items: Array(items), nextCursor: next.map { CursorPageRequest.cursor(after: $0.updated_at, id: $0.id) })
    }
}
