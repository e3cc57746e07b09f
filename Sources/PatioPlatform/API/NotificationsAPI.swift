import Foundation
import Hummingbird
import HummingbirdWebSocket
import PatioCore

/// `/api/v1/notifications/*`: the signed-in account's inbox, its choices and the devices it is pushed to.
public enum NotificationsAPI {
    public static func register(
        on routes: PatioRoutes, service: NotificationService, hosts: PushServiceHosts, webPushKey: @escaping @Sendable () async throws -> String?
    ) {
        routes.get("/api/v1/notifications", .signedIn) { request, context in
            let principal = try context.requirePrincipal()
            let query = request.uri.queryParameters
            let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
            let unread = try unreadOnly(query["unread"].map(String.init))
            return try .json(try await service.inbox(account: principal.accountID, locale: context.locale, page: page, unreadOnly: unread))
        }
        routes.get("/api/v1/notifications/unread-count", .signedIn) { _, context in
            try .json(UnreadCount(unreadCount: try await service.unreadCount(account: try context.requirePrincipal().accountID)))
        }
        routes.post("/api/v1/notifications/read-all", .signedIn) { _, context in
            try .json(Marked(marked: try await service.markAllRead(account: try context.requirePrincipal().accountID)))
        }
        routes.post("/api/v1/notifications/{id}/read", .signedIn) { _, context in
            try await service.markRead(account: try context.requirePrincipal().accountID, id: try context.uuidParameter("id"))
            return .noContent
        }
        routes.get("/api/v1/notifications/choices", .signedIn) { _, context in
            try .json(try await service.choices(account: try context.requirePrincipal().accountID, locale: context.locale))
        }
        routes.put("/api/v1/notifications/choices", .signedIn) { request, context in
            let change = try await JSONBody.decode(NotificationChoicesChange.self, from: request)
            return try .json(try await service.choose(account: try context.requirePrincipal().accountID, change, locale: context.locale))
        }
        routes.get("/api/v1/notifications/devices", .signedIn) { _, context in
            try .json(DeviceList(items: try await service.devices(account: try context.requirePrincipal().accountID)))
        }
        routes.post("/api/v1/notifications/devices", .signedIn, registerDevice(service, hosts: hosts))
        routes.delete("/api/v1/notifications/devices/{id}", .signedIn) { _, context in
            try await service.unregister(device: try context.uuidParameter("id"), account: try context.requirePrincipal().accountID)
            return .noContent
        }
        routes.get("/api/v1/notifications/web-push-key", .signedIn) { _, _ in
            guard let key = try await webPushKey() else {
                throw AppError(.serviceUnavailable, code: "web_push_unavailable", detail: "Web Push is not available on this Patio.")
            }
            return try .json(WebPushKey(publicKey: key))
        }
        routes.get("/api/v1/admin/notifications/deliveries", .role(Role.platformAdmin)) { request, _ in
            let query = request.uri.queryParameters
            let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
            let state = query["state"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
            return try .json(try await service.deliveries(state: state, page: page))
        }
        routes.webSocket("/api/v1/notifications/live", .signedIn, prepare: UnreadCountWatch.prepare(service))
    }

    /// Registers the caller's device in the caller's session: the same for an app (bearer token) and for
    /// a page's script (session cookie and CSRF token).
    static func registerDevice(_ service: NotificationService, hosts: PushServiceHosts) -> PatioRoutes.Handler {
        { request, context in
            let principal = try context.requirePrincipal()
            let registration = try await JSONBody.decode(PushDeviceRegistration.self, from: request)
            let device = try await service.register(registration, account: principal.accountID, session: principal.sessionID, hosts: hosts)
            return try .json(device, status: .created)
        }
    }

    static func unreadOnly(_ value: String?) throws -> Bool {
        switch value {
        case nil, "", "false": false
        case "true": true
        default: throw AppError.validation(field: "unread", "Use true or false.")
        }
    }

    struct UnreadCount: Codable { var unreadCount: Int }
    struct Marked: Codable { var marked: Int }
    struct DeviceList: Codable { var items: [PushDeviceView] }
    struct WebPushKey: Codable { var publicKey: String }
}

/// One open page or app watching its account's unread count: `{"unreadCount": n}` when it connects and
/// after every change to the inbox.
struct UnreadCountWatch: Sendable {
    let service: NotificationService
    let account: UUID

    /// The upgrade for the signed-in caller's own count, shared by the API route (bearer token) and the
    /// pages' bell (session cookie).
    static func prepare(_ service: NotificationService) -> @Sendable (Request, PatioRequestContext) async throws -> WebSocketSession {
        { _, context in
            let watch = UnreadCountWatch(service: service, account: try context.requirePrincipal().accountID)
            return { inbound, outbound, _ in try await watch.run(inbound: inbound, outbound: outbound) }
        }
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        // Watch first, then read: a change between the two is then heard, never lost.
        let signals = await service.events.watch(NotificationService.topic(account: account))
        try await send(outbound)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await _ in inbound.messages(maxSize: 4_096) {}
            }
            group.addTask {
                for await _ in signals { try await send(outbound) }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func send(_ outbound: WebSocketOutboundWriter) async throws {
        let count = try await service.unreadCount(account: account)
        try await outbound.write(.text(#"{"unreadCount":\#(count)}"#))
    }
}
