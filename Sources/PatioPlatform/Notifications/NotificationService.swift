import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioWeb
import SQLKit

/// Sends notifications for modules and keeps each account's inbox.
///
/// `send` writes into the caller's transaction when called inside `database.write`: the notification exists
/// exactly when the change that caused it does. Pushes are delivered afterwards by ``NotificationDelivery``.
public struct NotificationService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    public let kinds: NotificationKinds
    let events: EventBus
    /// The channels this Patio can deliver to: pushes are queued only for those (APNs needs credentials).
    public let channels: Set<NotificationChannel>
    /// Tells the delivery worker there is something to send, so it need not wait for its next round.
    let deliveriesWaiting: @Sendable () -> Void

    public init(
        database: PatioDatabase, clock: PatioClock, kinds: NotificationKinds, events: EventBus, channels: Set<NotificationChannel> = [.webPush],
        deliveriesWaiting: @escaping @Sendable () -> Void = {}
    ) {
        self.database = database
        self.clock = clock
        self.kinds = kinds
        self.events = events
        self.channels = channels
        self.deliveriesWaiting = deliveriesWaiting
    }

    /// The event-bus topic an account's inbox changes are signalled on.
    public static func topic(account: UUID) -> String { "notifications.\(account.uuidString.lowercased())" }

    /// Puts a notification of `kind` in each recipient's inbox and queues its pushes to every device of
    /// theirs whose channel is on for that kind. `link` is the page a tap opens (a path on this Patio);
    /// `parameters` fill the kind's words. Pushes with the same `collapseKey` replace each other on a device
    /// that has not shown the earlier one yet (a grade changed twice is one alert).
    public func send(_ kind: String, to recipients: [UUID], parameters: [String: String] = [:], link: String, collapseKey: String? = nil)
        async throws
    {
        guard let declared = kinds[kind] else {
            throw AppError(.internalServerError, code: "notification_kind_unknown", detail: "No module declares the notification kind \(kind).")
        }
        guard link.hasPrefix("/"), !link.hasPrefix("//") else {
            throw AppError(.internalServerError, code: "notification_link_invalid", detail: "A notification's link is a path on this Patio.")
        }
        let recipients = Array(Set(recipients))
        guard !recipients.isEmpty else { return }
        let now = clock.now()
        let encodedParameters = String(decoding: try JSONEncoder().encode(parameters), as: UTF8.self)
        // One statement per slice of rows, not one per row: an announcement to a whole school is a few
        // statements inside the change's transaction.
        let notificationOf = Dictionary(uniqueKeysWithValues: recipients.map { ($0, UUID()) })
        let queued = try await database.write { db in
            let sql = try db.sql
            for slice in BoundList.slices(recipients, size: 200) {
                let rows = slice.map { account -> SQLQueryString in
                    """
                    (\(bind: notificationOf[account]), \(bind: account), \(bind: kind), \(bind: encodedParameters), \(bind: link),
                    \(bind: collapseKey), \(bind: now))
                    """
                }
                try await sql.raw(
                    """
                    INSERT INTO platform_notifications (id, account_id, kind, parameters, link, collapse_key, created_at)
                    VALUES \(rows.joined(separator: ", "))
                    """
                ).run()
            }
            var devices: [DeviceRow] = []
            for slice in BoundList.slices(recipients) {
                devices += try await Self.devicesToReach(slice, kind: declared, channels: channels, now: now, on: sql)
            }
            for slice in BoundList.slices(devices, size: 200) {
                let rows = slice.map { device -> SQLQueryString in
                    """
                    (\(bind: UUID()), \(bind: notificationOf[device.account_id]), \(bind: device.id), \(bind: device.channel), 'pending', 0,
                    \(bind: now), \(bind: now))
                    """
                }
                try await sql.raw(
                    """
                    INSERT INTO platform_notification_deliveries (id, notification_id, device_id, channel, state, attempts, due_at, updated_at)
                    VALUES \(rows.joined(separator: ", "))
                    """
                ).run()
            }
            return !devices.isEmpty
        }
        await database.afterWrite {
            for account in recipients { await events.publish(topic: Self.topic(account: account), type: "created") }
            if queued { deliveriesWaiting() }
        }
    }

    private struct DeviceRow: Decodable {
        let id: UUID
        let account_id: UUID
        let channel: String
    }

    /// True for a device registered outside any session, or in one that is still open.
    static func liveSession(device: String, now: Date) -> SQLQueryString {
        """
        (\(unsafeRaw: device).session_id IS NULL OR EXISTS (SELECT 1 FROM \(ident: SessionModel.schema) s
          WHERE s.id = \(unsafeRaw: device).session_id AND s.revoked_at IS NULL AND s.expires_at > \(bind: now)))
        """
    }

    /// The recipients' devices whose channel is on for `kind` (their choice, or the kind's default) and whose
    /// session, when the device was registered in one, is still open: signing out stops a device's pushes.
    private static func devicesToReach(
        _ accounts: [UUID], kind: NotificationKind, channels: Set<NotificationChannel>, now: Date, on sql: any SQLDatabase
    ) async throws -> [DeviceRow] {
        let deliverable = NotificationChannel.allCases.filter { channels.contains($0) }.map(\.rawValue)
        guard !deliverable.isEmpty else { return [] }
        let defaults = NotificationChannel.allCases.filter { kind.onByDefault.contains($0) }.map(\.rawValue)
        let onByDefault: SQLQueryString =
            defaults.isEmpty ? "FALSE" : "d.channel IN (\(defaults.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))"
        return try await sql.raw(
            """
            SELECT d.id, d.account_id, d.channel FROM platform_push_devices d
            LEFT JOIN platform_notification_choices c ON c.account_id = d.account_id AND c.kind = \(bind: kind.id) AND c.channel = d.channel
            WHERE d.account_id IN (\(accounts.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
              AND d.channel IN (\(deliverable.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
              AND (c.enabled = \(bind: true) OR (c.enabled IS NULL AND \(onByDefault)))
              AND \(liveSession(device: "d", now: now))
            """
        ).all(decoding: DeviceRow.self)
    }
}

extension NotificationService {
    /// One notification as its reader sees it, in their language.
    public struct InboxItem: Codable, Sendable, Equatable {
        public var id: UUID
        public var kind: String
        public var title: String
        public var body: String
        public var link: String
        public var createdAt: Date
        public var readAt: Date?
    }

    /// A page of the inbox, newest first, with how many are unread in all.
    public struct InboxPage: Codable, Sendable {
        public var items: [InboxItem]
        public var nextCursor: String?
        public var unreadCount: Int
    }

    private struct InboxRow: Decodable {
        let id: UUID
        let kind: String
        let parameters: String
        let link: String
        let created_at: Date
        let read_at: Date?
    }

    /// The account's notifications, newest first; only the unread ones when `unreadOnly`.
    public func inbox(account: UUID, locale: PatioLocale, page: CursorPageRequest, unreadOnly: Bool = false) async throws -> InboxPage {
        var conditions: [SQLQueryString] = ["n.account_id = \(bind: account)"]
        if unreadOnly { conditions.append("n.read_at IS NULL") }
        if let (time, id) = try page.timeAndID() {
            conditions.append(NewestFirstCursor.after(time: time, id: id, timeColumn: "n.created_at", idColumn: "n.id"))
        }
        let sql = try database.reader.sql
        let rows = try await sql.raw(
            """
            SELECT n.id, n.kind, n.parameters, n.link, n.created_at, n.read_at FROM platform_notifications n
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY n.created_at DESC, n.id DESC LIMIT \(literal: page.limit + 1)
            """
        ).all(decoding: InboxRow.self)
        let items = rows.prefix(page.limit).map { row in
            let (title, body) = words(kind: row.kind, parameters: row.parameters, locale: locale, lockScreen: false)
            return InboxItem(id: row.id, kind: row.kind, title: title, body: body, link: row.link, createdAt: row.created_at, readAt: row.read_at)
        }
        let next = rows.count > page.limit ? rows[page.limit - 1] : nil
        return InboxPage(
            items: Array(items), nextCursor: next.map { CursorPageRequest.cursor(after: $0.created_at, id: $0.id) },
            unreadCount: try await unreadCount(account: account))
    }

    /// How many of the account's notifications are unread.
    public func unreadCount(account: UUID) async throws -> Int {
        try await Self.unreadCount(account: account, on: try database.reader.sql)
    }

    private static func unreadCount(account: UUID, on sql: any SQLDatabase) async throws -> Int {
        struct Row: Decodable { let unread: Int }
        return try await sql.raw(
            "SELECT COUNT(*) AS unread FROM platform_notifications WHERE account_id = \(bind: account) AND read_at IS NULL"
        ).first(decoding: Row.self)?.unread ?? 0
    }

    /// Marks one of the account's notifications read (again is fine) and returns the page a tap on it opens;
    /// someone else's is not found.
    @discardableResult
    public func markRead(account: UUID, id: UUID) async throws -> String {
        let now = clock.now()
        let link = try await database.write { db -> String? in
            struct Row: Decodable { let read_at: Date?; let link: String }
            let sql = try db.sql
            guard
                let row = try await sql.raw(
                    "SELECT read_at, link FROM platform_notifications WHERE id = \(bind: id) AND account_id = \(bind: account)"
                ).first(decoding: Row.self)
            else { return nil }
            if row.read_at == nil {
                try await sql.raw("UPDATE platform_notifications SET read_at = \(bind: now) WHERE id = \(bind: id)").run()
            }
            return row.link
        }
        guard let link else { throw AppError.notFound(code: "notification_not_found", "There is no such notification in your inbox.") }
        await events.publish(topic: Self.topic(account: account), type: "read")
        return link
    }

    /// Marks every unread notification of the account read; returns how many were unread.
    @discardableResult
    public func markAllRead(account: UUID) async throws -> Int {
        let now = clock.now()
        let marked = try await database.write { db in
            let sql = try db.sql
            let unread = try await Self.unreadCount(account: account, on: sql)
            try await sql.raw(
                "UPDATE platform_notifications SET read_at = \(bind: now) WHERE account_id = \(bind: account) AND read_at IS NULL"
            ).run()
            return unread
        }
        if marked > 0 { await events.publish(topic: Self.topic(account: account), type: "read") }
        return marked
    }

    /// A notification's title and body in `locale`. On a lock screen a private kind's body is its
    /// `lockScreen` words. A kind no enabled module declares any more is shown with neutral words.
    func words(kind id: String, parameters: String, locale: PatioLocale, lockScreen: Bool) -> (title: String, body: String) {
        guard let kind = kinds[id] else {
            return locale == .es ? ("Aviso", "") : ("Notice", "")
        }
        var values = (try? JSONDecoder().decode([String: String].self, from: Data(parameters.utf8))) ?? [:]
        for key in kind.days {
            if let text = values[key], let day = LocalDate(text) { values[key] = PageFormat.date(day, locale: locale) }
        }
        let words = kind.words(locale)
        let body = lockScreen && kind.isPrivate ? words.lockScreen : NotificationWords.fill(words.body, values)
        return (NotificationWords.fill(words.title, values), body)
    }
}
