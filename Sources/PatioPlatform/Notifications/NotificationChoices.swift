import Foundation
import PatioCore
import PatioData
import SQLKit

/// What an account chose: per kind and channel on or off, and whether a private notification's details may
/// show on a locked phone. Kinds the account never chose about follow the kind's default.
public struct NotificationChoices: Codable, Sendable, Equatable {
    public struct Kind: Codable, Sendable, Equatable {
        public var kind: String
        public var module: String
        /// What the kind is called, in the reader's language.
        public var name: String
        /// Channel (`web_push`, `apns`) → on.
        public var channels: [String: Bool]
    }

    public var lockScreenDetails: Bool
    public var kinds: [Kind]
}

/// A change to some of an account's choices; what it leaves out stays as it was.
public struct NotificationChoicesChange: Codable, Sendable {
    public struct Kind: Codable, Sendable {
        public var kind: String
        public var channels: [String: Bool]
    }

    public var lockScreenDetails: Bool?
    public var kinds: [Kind]?

    public init(lockScreenDetails: Bool? = nil, kinds: [Kind]? = nil) {
        self.lockScreenDetails = lockScreenDetails
        self.kinds = kinds
    }
}

extension NotificationService {
    /// Every kind of the enabled modules with the account's choice, or the default, per channel.
    public func choices(account: UUID, locale: PatioLocale) async throws -> NotificationChoices {
        struct ChoiceRow: Decodable { let kind: String; let channel: String; let enabled: Bool }
        struct SettingRow: Decodable { let lock_screen_details: Bool }
        let sql = try database.reader.sql
        let rows = try await sql.raw(
            "SELECT kind, channel, enabled FROM platform_notification_choices WHERE account_id = \(bind: account)"
        ).all(decoding: ChoiceRow.self)
        let details = try await sql.raw(
            "SELECT lock_screen_details FROM platform_notification_settings WHERE account_id = \(bind: account)"
        ).first(decoding: SettingRow.self)
        let chosen = Dictionary(rows.map { ("\($0.kind) \($0.channel)", $0.enabled) }, uniquingKeysWith: { first, _ in first })
        let kinds = self.kinds.all.map { kind in
            NotificationChoices.Kind(
                kind: kind.id, module: kind.module, name: kind.words(locale).name,
                channels: Dictionary(
                    uniqueKeysWithValues: NotificationChannel.allCases.map { channel in
                        (channel.rawValue, chosen["\(kind.id) \(channel.rawValue)"] ?? kind.onByDefault.contains(channel))
                    }))
        }
        return NotificationChoices(lockScreenDetails: details?.lock_screen_details ?? false, kinds: kinds)
    }

    /// Records the account's choices. An unknown kind or channel is refused, and nothing is changed.
    public func choose(account: UUID, _ change: NotificationChoicesChange, locale: PatioLocale) async throws -> NotificationChoices {
        var validator = Validator()
        for (index, kind) in (change.kinds ?? []).enumerated() {
            validator.check(
                kinds[kind.kind] != nil, "kinds[\(index)].kind", "There is no kind of notification called \(kind.kind).",
                code: "notification_kind_unknown")
            for channel in kind.channels.keys where NotificationChannel(rawValue: channel) == nil {
                validator.add("kinds[\(index)].channels", "Use web_push or apns, not \(channel).", code: "notification_channel_unknown")
            }
        }
        try validator.validate()
        try await database.write { db in
            let sql = try db.sql
            if let details = change.lockScreenDetails {
                try await sql.raw(
                    """
                    INSERT INTO platform_notification_settings (account_id, lock_screen_details) VALUES (\(bind: account), \(bind: details))
                    ON CONFLICT (account_id) DO UPDATE SET lock_screen_details = excluded.lock_screen_details
                    """
                ).run()
            }
            for kind in change.kinds ?? [] {
                for (channel, enabled) in kind.channels {
                    try await sql.raw(
                        """
                        INSERT INTO platform_notification_choices (account_id, kind, channel, enabled)
                        VALUES (\(bind: account), \(bind: kind.kind), \(bind: channel), \(bind: enabled))
                        ON CONFLICT (account_id, kind, channel) DO UPDATE SET enabled = excluded.enabled
                        """
                    ).run()
                }
            }
        }
        return try await choices(account: account, locale: locale)
    }
}
