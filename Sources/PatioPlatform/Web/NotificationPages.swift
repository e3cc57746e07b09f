import Foundation
import Hummingbird
import PatioCore
import PatioIdentity
import PatioWeb

/// `/notifications`: the signed-in person's inbox (a tap marks one read and opens its page) and
/// `/notifications/settings`, where they choose what reaches them where.
public enum NotificationPages {
    public static func register(
        on routes: PatioRoutes, service: NotificationService, registry: ModuleRegistry, web: WebRenderer, directory: AccountDirectory,
        hosts: PushServiceHosts,
        webPushKey: @escaping @Sendable () async throws -> String?
    ) {
        routes.get("/push-worker.js", .everyone) { _, _ in PushWorker.response }
        routes.get("/notifications", .signedIn) { request, context in
            let principal = try context.requirePrincipal()
            let cursor = request.uri.queryParameters["cursor"].map(String.init)
            let page = try await service.inbox(
                account: principal.accountID, locale: context.locale, page: try CursorPageRequest(limit: "30", cursor: cursor))
            let zone = context.timeZone ?? .gmt
            let items: [[String: Any]] = page.items.map { item in
                [
                    "id": item.id.uuidString, "title": item.title, "body": item.body, "unread": item.readAt == nil,
                    "when": PageFormat.dateTime(item.createdAt, in: zone, locale: context.locale),
                    "whenISO": Timestamp.format(item.createdAt),
                ]
            }
            return web.page(
                "notifications", title: Strings.text("notifications", context.locale),
                data: [
                    "items": items, "hasItems": !items.isEmpty, "unreadCount": page.unreadCount, "hasUnread": page.unreadCount > 0,
                    "next": page.nextCursor as Any,
                ],
                context: context)
        }
        // A tap on a notification: read, then its page.
        routes.post("/notifications/{id}/open", .signedIn) { _, context in
            redirect(to: try await service.markRead(account: try context.requirePrincipal().accountID, id: try context.uuidParameter("id")))
        }
        routes.post("/notifications/read-all", .signedIn) { _, context in
            let marked = try await service.markAllRead(account: try context.requirePrincipal().accountID)
            return redirect(to: "/notifications", notice: String(format: Strings.text("notifications_marked", context.locale), marked))
        }
        // The bell on every page (static/bell.js) shows the unread count from here, live.
        routes.webSocket("/notifications/live", .signedIn, prepare: UnreadCountWatch.prepare(service))
        routes.get("/admin/notifications", .role(Role.platformAdmin)) { request, context in
            try await deliveriesPage(request, context, service: service, directory: directory, web: web)
        }
        routes.get("/notifications/settings", .signedIn) { _, context in
            try await settingsPage(context, service: service, registry: registry, web: web, webPushKey: try? await webPushKey())
        }
        // push.js: this browser's subscription, sent with the CSRF token in a header.
        routes.post("/notifications/devices", .signedIn, NotificationsAPI.registerDevice(service, hosts: hosts))
        routes.post("/notifications/devices/forget", .signedIn) { request, context in
            struct Forget: Decodable { var endpoint: String }
            let body = try await JSONBody.decode(Forget.self, from: request)
            try await service.forget(endpoint: body.endpoint, account: try context.requirePrincipal().accountID)
            return .noContent
        }
        routes.post("/notifications/devices/{id}/delete", .signedIn) { _, context in
            try await service.unregister(device: try context.uuidParameter("id"), account: try context.requirePrincipal().accountID)
            return redirect(to: "/notifications/settings", notice: Strings.text("notifications_device_removed", context.locale))
        }
        routes.post("/notifications/settings", .signedIn) { request, context in
            let principal = try context.requirePrincipal()
            let form = try await FormBody.parse(request)
            let current = try await service.choices(account: principal.accountID, locale: context.locale)
            // A checkbox left unticked is not sent: every kind shown on the page is set from the form.
            let kinds = current.kinds.map { kind in
                NotificationChoicesChange.Kind(
                    kind: kind.kind,
                    channels: Dictionary(
                        uniqueKeysWithValues: NotificationChannel.allCases.map { ($0.rawValue, form["\(kind.kind) \($0.rawValue)"] == "on") }))
            }
            _ = try await service.choose(
                account: principal.accountID, NotificationChoicesChange(lockScreenDetails: form["lockScreenDetails"] == "on", kinds: kinds),
                locale: context.locale)
            return redirect(to: "/notifications/settings", notice: Strings.text("saved", context.locale))
        }
    }

    static func settingsPage(
        _ context: PatioRequestContext, service: NotificationService, registry: ModuleRegistry, web: WebRenderer, webPushKey: String?
    ) async throws -> Response {
        let account = try context.requirePrincipal().accountID
        let choices = try await service.choices(account: account, locale: context.locale)
        let zone = context.timeZone ?? .gmt
        let devices: [[String: Any]] = try await service.devices(account: account).map { device in
            [
                "id": device.id.uuidString, "label": Strings.text("notifications_channel_\(device.channel)", context.locale),
                "added": PageFormat.date(device.createdAt, in: zone, locale: context.locale),
            ]
        }
        let names = Dictionary(uniqueKeysWithValues: registry.modules.map { ($0.id, $0.displayName(context.locale)) })
        var groups: [[String: Any]] = []
        for module in registry.modules {
            let kinds = choices.kinds.filter { $0.module == module.id }
            guard !kinds.isEmpty else { continue }
            groups.append([
                "module": names[module.id] ?? module.id,
                "kinds": kinds.map { kind -> [String: Any] in
                    [
                        "name": kind.name,
                        "channels": NotificationChannel.allCases.map { channel -> [String: Any] in
                            [
                                "field": "\(kind.kind) \(channel.rawValue)", "on": kind.channels[channel.rawValue] ?? false,
                                "label": Strings.text("notifications_channel_\(channel.rawValue)", context.locale),
                            ]
                        },
                    ]
                },
            ])
        }
        return web.page(
            "notification_settings", title: Strings.text("notifications_settings", context.locale),
            data: [
                "groups": groups, "hasGroups": !groups.isEmpty, "lockScreenDetails": choices.lockScreenDetails, "devices": devices,
                "hasDevices": !devices.isEmpty, "webPushKey": webPushKey ?? "",
            ], context: context)
    }
}

extension NotificationPages {
    /// The delivery log for a platform admin: newest first, by state, with the person's name.
    static func deliveriesPage(
        _ request: Request, _ context: PatioRequestContext, service: NotificationService, directory: AccountDirectory, web: WebRenderer
    ) async throws -> Response {
        let query = request.uri.queryParameters
        let state = query["state"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page = try await service.deliveries(
            state: state, page: try CursorPageRequest(limit: "50", cursor: query["cursor"].map(String.init)))
        let names = try await directory.entries(page.items.map(\.accountId))
        let zone = context.timeZone ?? .gmt
        let rows: [[String: Any]] = page.items.map { item in
            [
                "when": PageFormat.dateTime(item.updatedAt, in: zone, locale: context.locale),
                "kind": service.kinds[item.kind]?.words(context.locale).name ?? item.kind,
                "person": names[item.accountId]?.name ?? "—",
                "channel": Strings.text("notifications_channel_\(item.channel)", context.locale),
                "state": Strings.text("delivery_\(item.state)", context.locale), "stateClass": Self.badge[item.state] ?? "",
                "attempts": item.attempts,
                "detail": [item.lastStatus.map { "HTTP \($0)" }, item.lastError].compactMap { $0 }.joined(separator: " · "),
            ]
        }
        let states: [[String: Any]] = NotificationService.deliveryStates.map {
            ["value": $0, "label": Strings.text("delivery_\($0)", context.locale), "selected": $0 == state]
        }
        return web.page(
            "admin_notifications", title: Strings.text("deliveries", context.locale),
            data: [
                "rows": rows, "hasRows": !rows.isEmpty, "states": states, "state": state ?? "",
                "next": page.nextCursor.map { "/admin/notifications?state=\(state ?? "")&cursor=\($0)" } as Any,
            ], context: context)
    }

    static let badge = ["sent": "ok", "pending": "info", "gone": "warn", "failed": "danger", "cancelled": ""]
}
