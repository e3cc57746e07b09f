import Foundation
import PatioAPI

extension Patio {
    /// The signed-in account's inbox and the device its pushes go to.
    public var notifications: NotificationsFacade { NotificationsFacade(patio: self) }
}

/// Notifications: the inbox every app shows, and this device's APNs token so Patio can push to it.
///
/// Register the token each time the app starts signed in (the same token is the same device); PatioKit
/// unregisters it in ``Patio/signOut()``, and Patio stops pushing to it when the session ends anyway.
public struct NotificationsFacade: Sendable {
    let patio: Patio

    /// One page of the inbox, newest first, with the number unread in all.
    public func inbox(unreadOnly: Bool = false, cursor: String? = nil, limit: Int? = nil) async throws -> Components.Schemas.InboxPage {
        try await patio.call {
            try await patio.api.listNotifications(query: .init(limit: limit, cursor: cursor, unread: unreadOnly ? ._true : nil)).ok.body.json
        }
    }

    /// How many notifications are unread (the app icon's badge).
    public func unreadCount() async throws -> Int {
        try await patio.call { try await patio.api.unreadNotificationCount().ok.body.json.unreadCount }
    }

    /// Marks one notification read (when the person opens it).
    public func markRead(_ id: String) async throws {
        _ = try await patio.call { try await patio.api.markNotificationRead(path: .init(id: id)).noContent }
    }

    /// Marks every notification read; returns how many were unread.
    @discardableResult
    public func markAllRead() async throws -> Int {
        try await patio.call { try await patio.api.markAllNotificationsRead().ok.body.json.marked }
    }

    /// Registers this device's APNs token (as `didRegisterForRemoteNotificationsWithDeviceToken` gives it)
    /// with the signed-in account; returns the device's id, which PatioKit keeps to unregister it at sign-out.
    @discardableResult
    public func registerDevice(apnsToken: Data) async throws -> String {
        let token = apnsToken.map { String(format: "%02x", $0) }.joined()
        let device = try await patio.call {
            try await patio.api.registerPushDevice(body: .json(.init(channel: .apns, token: token))).created.body.json
        }
        patio.pushDevice.withLock { $0 = device.id }
        return device.id
    }

    /// Stops pushes to the device registered here, if any. A device Patio no longer has is already stopped.
    public func unregisterDevice() async throws {
        guard let id = patio.pushDevice.withLock({ $0 }) else { return }
        do {
            _ = try await patio.call { try await patio.api.unregisterPushDevice(path: .init(id: id)).noContent }
        } catch PatioError.problem(let problem) where problem.status == 404 {
            // Removed already (by the person on the web, or by Patio when APNs said the token was gone).
        }
        patio.pushDevice.withLock { $0 = nil }
    }
}
